/**
 * Loads fixture-backed sources for a test and closes every one of them afterwards.
 */
import { sourceTracker } from "@toolnexus/fixtures";
import { type LoadMcpOptions, loadMcp, type McpServerMap, type McpSource } from "@toolnexus/mcp-core";
import { afterEach } from "vitest";

export { pidOf } from "@toolnexus/fixtures";

const sources = sourceTracker();
afterEach(() => sources.closeAll());

/** `loadMcp` with `toolCache: false`; the source is closed after the current test. */
export async function load(servers: McpServerMap, options: LoadMcpOptions = {}): Promise<McpSource> {
  return sources.track(await loadMcp({ mcpServers: servers }, { toolCache: false, ...options }));
}
