/** Opens fixture-backed sources for a test and closes them all afterwards. */
import { type FixtureName, sourceTracker, stdioServer } from "@toolnexus/fixtures";
import { type LoadMcpOptions, loadMcp, type McpSource } from "@toolnexus/mcp-core";

const open = sourceTracker();

/** `loadMcp` over stdio fixtures (`{ serverName: fixture }`), never touching the listing cache. */
export async function loadFixtures(
  servers: Record<string, FixtureName | { fixture: FixtureName; args: string[] }>,
  options: LoadMcpOptions = {},
): Promise<McpSource> {
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, entry]) => [
      name,
      typeof entry === "string" ? stdioServer(entry) : stdioServer(entry.fixture, entry.args),
    ]),
  );
  return open.track(await loadMcp({ mcpServers }, { toolCache: false, ...options }));
}

/** Closes every source opened with {@link loadFixtures}; call in `afterEach`. */
export function closeSources(): Promise<void> {
  return open.closeAll();
}
