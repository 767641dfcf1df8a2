// A worker process that takes the token store's lease on `key`, says `locked`, waits for a `go`
// line on stdin, then writes `value` under that lease and prints the outcome as one JSON line:
// { written: true } or { written: false, code }. Argument: { redisUrl, keyPrefix, secret, key, value, lockTtlMs }.
import { createInterface } from "node:readline";
import { createRedisStores } from "@toolnexus/store-redis";

const { redisUrl, keyPrefix, secret, key, value, lockTtlMs } = JSON.parse(process.argv[2] ?? "{}");
const stores = createRedisStores({ url: redisUrl, keyPrefix, secret, lockTtlMs, onWarning: () => {} });
const lines = createInterface({ input: process.stdin });
const go = new Promise((resolve) => lines.once("line", resolve));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let outcome;
for (let tries = 0; !outcome && tries < 500; tries++) {
  try {
    await stores.tokenStore.withLock(key, async () => {
      process.stdout.write("locked\n");
      await go;
      try {
        await stores.tokenStore.set(key, value);
        outcome = { written: true };
      } catch (error) {
        outcome = { written: false, code: error.code };
      }
    });
  } catch {
    await sleep(20); // not connected yet
  }
}
lines.close();
await stores.close();
process.stdout.write(`${JSON.stringify(outcome)}\n`);
