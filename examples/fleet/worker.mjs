// One worker of a fleet: its own process and its own source, sharing the listing cache with the
// other workers through Redis only. It prints what it sees, and takes commands on stdin:
// `add <name>` makes the lazy server register a tool (the worker starts it to call it); an empty
// stdin (EOF) closes the worker. Every worker of a fleet is given the same secret (≥ 32 bytes).
//   REDIS_URL=redis://127.0.0.1:6379 TOOLNEXUS_STORE_SECRET=$(openssl rand -base64 32) \
//     node examples/fleet/worker.mjs <worker-name>
import { createInterface } from "node:readline";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";

const name = process.argv[2] ?? "worker";
const { REDIS_URL, FLEET_KEY_PREFIX, TOOLNEXUS_STORE_SECRET } = process.env;
const stores = createRedisStores({
  url: REDIS_URL ?? "redis://127.0.0.1:6379",
  keyPrefix: FLEET_KEY_PREFIX, // one prefix per tenant; the default is "toolnexus:"
  secret: TOOLNEXUS_STORE_SECRET, // ≥ 32 bytes, shared by the fleet; required (or insecure: true)
  onWarning: (message) => console.error(`${name}: ${message}`),
});
// A lazy server: not started at load; its tools come from the fleet's cache (or one discovery).
const config = { mcpServers: { catalog: { ...stdioServer("mcp-list-changed"), lazy: true } } };
const source = await loadMcp(config, { toolCache: stores.toolCache });

await source.whenSettled(); // a cache miss waits here for the one background discovery
console.log(`${name}: ready with ${source.tools.length} tools, server "catalog" ${source.state("catalog")}`);
source.onToolsChange((server, { added, removed }) => {
  for (const tool of added)
    console.log(`${name}: gained ${tool} (server "${server}" ${source.state(server)})`);
  for (const tool of removed) console.log(`${name}: lost ${tool}`);
});

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(/\s+/);
  if (command !== "add" || !argument) continue;
  const addTool = source.tools.find((t) => t.rawName === "add_tool");
  const result = await addTool?.execute({ name: argument });
  console.log(`${name}: ${result?.text}`);
}
await source.close();
await stores.close();
