// A fleet worker that starts one task and is meant to die mid-task: loads the tasks fixture server
// `t` with the Redis task store, prints `ready`, then calls `slow_task` (a task-augmented call whose
// record goes to Redis before the first poll) and prints `finished <text>` if it ever ends.
// Argument: a JSON object { redisUrl, keyPrefix, secret, url, label, lockTtlMs }.
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";

const { redisUrl, keyPrefix, secret, url, label, lockTtlMs } = JSON.parse(process.argv[2] ?? "{}");
const stores = createRedisStores({ url: redisUrl, keyPrefix, secret, lockTtlMs, onWarning: () => {} });
const source = await loadMcp(
  { mcpServers: { t: { url } } },
  { taskStore: stores.taskStore, toolCache: null, onWarning: () => {} },
);
process.stdout.write("ready\n");
const result = await source.tools.find((tool) => tool.rawName === "slow_task").execute({ label });
process.stdout.write(`finished ${result.text}\n`);
await source.close();
await stores.close();
