/**
 * The root entry's `loadMcp`: the engine (connections, transports, the MCP SDK client) is loaded on
 * the first call, not when the package is imported, so a host pays at import only for what it uses.
 * @module
 */
import type { McpConfigInput } from "./config/mcp-config-input.js";
import type { LoadMcpOptions } from "./options.js";
import type { McpSource } from "./types.js";

/**
 * Loads MCP servers from a config file path (JSON/JSONC) or object and returns their live tool
 * set. Enabled servers start in parallel; a server that fails is isolated (`status` "failed",
 * its error in `servers()`, and one `console.warn` line unless `onWarning` is given) unless
 * `failOnStartupError` is set.
 *
 * @param input a config file path (JSON/JSONC), or a config object typed {@link McpConfigInput} so an
 *   editor flags a mistyped key; data of unknown shape (`as McpConfigInput`) is checked at run time
 * @throws McpCoreError `OPTIONS_INVALID` (a bad option, named), the `parseConfig` errors
 *   (`CONFIG_NOT_FOUND`, `CONFIG_PARSE`, `CONFIG_INVALID`), `ABORTED`, `STARTUP_FAILED`
 *
 * @example
 * const source = await loadMcp({ mcpServers: { files: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] } } });
 * const result = await source.tools[0]?.execute({ path: "." });
 * await source.close();
 */
export async function loadMcp(
  input: string | McpConfigInput,
  given: LoadMcpOptions = {},
): Promise<McpSource> {
  // The eager stdio servers are spawned first: they boot while the engine loads.
  const { earlyLoad } = await import("./early-load.js");
  const early = await earlyLoad(input, given);
  try {
    const engine = await import("./load-mcp.js");
    return await engine.loadMcp(input, given, early);
  } finally {
    // Every eager server's first open has run: a child none of them adopted serves nobody.
    early.spawns.discardAll();
  }
}
