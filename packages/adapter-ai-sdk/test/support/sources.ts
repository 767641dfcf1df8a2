/**
 * Loads fixture-backed sources for a test and closes every one of them afterwards.
 */
import { type LoadMcpOptions, loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { afterEach } from "vitest";

const open = new Set<McpSource>();

afterEach(async () => {
  const sources = [...open];
  open.clear();
  await Promise.all(sources.map((source) => source.close()));
});

/** `loadMcp` with `toolCache: false`; the source is closed after the current test. */
export async function load(
  servers: Record<string, unknown>,
  options: LoadMcpOptions = {},
): Promise<McpSource> {
  const source = await loadMcp({ mcpServers: servers }, { toolCache: false, ...options });
  open.add(source);
  return source;
}

/** The pid the core reports for a stdio server. */
export function pidOf(source: McpSource, server: string): number | undefined {
  return source.servers().find((snapshot) => snapshot.name === server)?.pid;
}
