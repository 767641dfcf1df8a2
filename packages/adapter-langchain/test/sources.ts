/** Opens fixture-backed sources for a test and closes them all afterwards. */
import { type FixtureName, stdioServer } from "@toolnexus/fixtures";
import { type LoadMcpOptions, loadMcp, type McpSource } from "@toolnexus/mcp-core";

const open: McpSource[] = [];

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
  const source = await loadMcp({ mcpServers }, { toolCache: false, ...options });
  open.push(source);
  return source;
}

/** Closes every source opened with {@link loadFixtures}; call in `afterEach`. */
export async function closeSources(): Promise<void> {
  await Promise.all(open.splice(0).map((source) => source.close()));
}
