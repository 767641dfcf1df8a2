// One worker of a fleet for the Redis tests: its own process, its own source, linked to the other
// workers only through Redis. argv[2] is a JSON { config, redisUrl, keyPrefix, secret?,
// connectTimeoutMs? }. The test drives it over IPC: { id, op: "tools" | "state" | "call" | "close",
// server?, rawName?, args? } → { id, result }; it reports { event: "toolsChange" | "warning" |
// "hostError" } as they happen. A hostError (an unhandled rejection or exception) must never come.
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";

const { config, redisUrl, keyPrefix, secret, connectTimeoutMs } = JSON.parse(process.argv[2]);
const report = (message) => process.connected && process.send(message);
process.on("unhandledRejection", (error) =>
  report({ event: "hostError", message: String(error?.stack ?? error) }),
);
process.on("uncaughtException", (error) =>
  report({ event: "hostError", message: String(error?.stack ?? error) }),
);

const onWarning = (message) => report({ event: "warning", message });
const stores = createRedisStores({ url: redisUrl, keyPrefix, secret, connectTimeoutMs, onWarning });
const source = await loadMcp(config, { toolCache: stores.toolCache, onWarning });
source.onToolsChange((server, change) => report({ event: "toolsChange", server, change }));

const ops = {
  tools: () => source.tools.map((t) => ({ server: t.server, rawName: t.rawName })),
  state: ({ server }) => source.state(server),
  call: async ({ server, rawName, args }) => {
    const tool = source.tools.find((t) => t.server === server && t.rawName === rawName);
    if (!tool) return { isError: true, text: `no tool ${rawName}` };
    const { isError, text } = await tool.execute(args ?? {});
    return { isError, text };
  },
  close: async () => {
    await source.close();
    await stores.close();
    return true;
  },
};

process.on("message", async ({ id, op, ...params }) => {
  const result = await ops[op](params);
  report({ id, result });
  if (op === "close") process.disconnect();
});
report({ event: "loaded" });
