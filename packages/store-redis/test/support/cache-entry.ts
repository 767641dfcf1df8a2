/** A listing-cache entry for the store tests: server "files", one plain object schema per tool. */
import type { ToolCacheEntry } from "@toolnexus/mcp-core/stores";

/** An entry for `fingerprint` listing `tools` by name, saved now. */
export function cacheEntry(fingerprint: string, tools: string[]): ToolCacheEntry {
  return {
    version: 1,
    server: "files",
    fingerprint,
    savedAt: new Date().toISOString(),
    tools: tools.map((name) => ({ name, inputSchema: { type: "object" } })),
  };
}
