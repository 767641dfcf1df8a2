/**
 * Test helpers of this package: fixture server entries in toolnexus's config dialect, a tool lookup
 * and an in-memory listing cache (sources are loaded with `sourceLoader` from `@toolnexus/fixtures`).
 */
import { dirname, join } from "node:path";
import { type FixtureName, fixturePath } from "@toolnexus/fixtures";
import type { McpSource, Tool, ToolCacheEntry, ToolCacheStore } from "../src/index.js";

/** Absolute path of the repository's `fixtures/` directory. */
export const fixturesDir = dirname(dirname(fixturePath("basic")));

/** Absolute path of `fixtures/toolnexus-parity/`. */
export const parityDir = join(fixturesDir, "toolnexus-parity");

/** A toolnexus local server entry running a fixture: `{ type: "local", command: [node, server, ...args] }`. */
export function local(name: FixtureName, args: string[] = [], extra: Record<string, unknown> = {}) {
  return { type: "local", command: [process.execPath, fixturePath(name), ...args], ...extra };
}

/** The current tool with this name; throws when there is none. */
export function tool(source: McpSource, name: string): Tool {
  const found = source.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name} (have: ${source.tools.map((t) => t.name).join(", ")})`);
  return found;
}

/** The names of the current tools. */
export function names(source: McpSource): string[] {
  return source.tools.map((t) => t.name);
}

/** A listing cache kept in memory, for lazy-start tests. */
export function memoryToolCache(): ToolCacheStore & { entries: Map<string, ToolCacheEntry> } {
  const entries = new Map<string, ToolCacheEntry>();
  return {
    entries,
    get: (key) => entries.get(key),
    set: (key, entry) => {
      entries.set(key, entry);
    },
  };
}

/** The env a `mcp-scoped-env` child reports through its `env` tool. */
export async function childEnv(envTool: Tool): Promise<Record<string, string>> {
  const result = await envTool.execute({});
  if (result.isError) throw new Error(`env tool failed: ${result.output}`);
  return (JSON.parse(result.output) as { env: Record<string, string> }).env;
}
