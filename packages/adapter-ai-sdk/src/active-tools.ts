/**
 * Tool names per server, for `activeTools` and `prepareStep`.
 * @module
 */
import type { McpSource } from "@toolnexus/mcp-core";

/**
 * The current model-facing names of the given servers' tools, in the source's order — for
 * `activeTools` / `prepareStep` to narrow a step to some servers. Call it per step: the names
 * follow the live list. A configured server without tools right now (disabled, failed to start,
 * gave up restarting) contributes none; a stopped server keeps its listed tools, as in the core.
 * @throws TypeError for a server name the source does not configure (a typo would otherwise
 *   silently hide every tool).
 */
export function activeToolsFor(source: McpSource, servers: string | readonly string[]): string[] {
  const wanted = new Set(typeof servers === "string" ? [servers] : servers);
  const configured = new Set(source.servers().map((server) => server.name));
  for (const name of wanted) {
    if (!configured.has(name)) {
      const known = [...configured].join(", ") || "none";
      throw new TypeError(
        `activeToolsFor: no MCP server named "${name}" is configured (configured: ${known})`,
      );
    }
  }
  return source.tools.filter((tool) => wanted.has(tool.server)).map((tool) => tool.name);
}
