// One fleet worker, as a real process whose only link to the others is Redis: loads the OAuth
// fixture server `o` with the Redis token store, calls `echo` every `everyMs` for `ms`, then prints
// one JSON line: { state, calls, failed, codes, failedAt, warnings } (`failedAt`: when each failed
// call ended, ms since the epoch), after a first line { ready: true } once loaded; SIGTERM ends the run early, with the report. Argument: a JSON object
// { redisUrl, keyPrefix, secret?, url, ms, everyMs?, lockTtlMs?, target? } (`target`: the
// stores' `cluster` or `sentinel` option in place of `redisUrl`).
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";

const {
  redisUrl,
  keyPrefix,
  secret,
  url,
  ms,
  everyMs = 100,
  lockTtlMs,
  target = { url: redisUrl },
} = JSON.parse(process.argv[2] ?? "{}");
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
const warnings = [];
const warn = (message) => warnings.push(message);
const stores = createRedisStores({ ...target, keyPrefix, secret, lockTtlMs, onWarning: warn });
const source = await loadMcp(
  { mcpServers: { o: { url, auth: { type: "oauth", clientId: "app" } } } },
  { tokenStore: stores.tokenStore, toolCache: null, refreshSkewMs: 500, onWarning: warn },
);
const echo = source.tools.find((tool) => tool.rawName === "echo");
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
let calls = 0;
let failed = 0;
const codes = [];
const failedAt = [];
let until = Date.now() + ms;
// SIGTERM ends the run early, with its report (a test that decides when it has seen enough).
process.once("SIGTERM", () => {
  until = 0;
});
while (echo && Date.now() < until) {
  const result = await echo.execute({ text: `call ${calls}` });
  calls++;
  if (result.isError) {
    failed++;
    codes.push(result.error?.code ?? "unknown");
    failedAt.push(Date.now());
  }
  await sleep(everyMs);
}
const state = source.state("o");
await source.close();
await stores.close();
process.stdout.write(`${JSON.stringify({ state, calls, failed, codes, failedAt, warnings })}\n`);
