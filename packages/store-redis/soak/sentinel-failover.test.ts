// A fleet on a primary followed through Redis Sentinel, the primary killed mid-run: 3 worker
// processes share one OAuth grant (2-second access tokens, rotating refresh tokens that revoke on
// reuse) for 20 s; the primary is killed (SIGKILL) 6 s in and the sentinel promotes the replica.
// No refresh token is spent twice (0 invalid_grant), no call fails outside the switch window (from
// the kill until the stores are on the new primary), and a failure inside it is only
// AUTH_STORE_UNAVAILABLE; the fleet keeps refreshing on the new primary.
import { waitFor } from "@toolnexus/fixtures";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RedisStoresOptions } from "../src/index.js";
import { authorizeInto, oauthFixture, refreshes, startWorker } from "../test/support/fleet.js";
import {
  canRunSentinel,
  SENTINEL_NAME,
  startSentinel,
  type TestSentinel,
} from "../test/support/redis-sentinel.js";
import { redisAvailable } from "../test/support/redis-server.js";

const SECRET = "sentinel-soak-secret-of-at-least-32-bytes";
const RUN_MS = 20_000;
const KILL_AFTER_MS = 6_000;

describe.runIf(redisAvailable() && canRunSentinel())(
  "a fleet on a Sentinel-followed primary that is killed",
  () => {
    let setup: TestSentinel;
    beforeAll(async () => {
      setup = await startSentinel();
    }, 60_000);
    afterAll(() => setup?.close());

    it("should spend no refresh token twice and fail no call outside the switch window", async () => {
      const target: Pick<RedisStoresOptions, "sentinel"> = {
        sentinel: { name: SENTINEL_NAME, sentinelRootNodes: [setup.sentinel] },
      };
      const { fixture, log } = await oauthFixture(2000);
      const keyPrefix = "soak:";
      await authorizeInto(fixture.url, { ...target, keyPrefix, secret: SECRET });
      const first = await setup.primary();
      expect(first).toBe(setup.urls[0]);

      const since = Date.now();
      const workers = [1, 2, 3].map(() =>
        startWorker({ target, keyPrefix, secret: SECRET, url: fixture.url, ms: RUN_MS }),
      );
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS - (Date.now() - since)));
      const refreshesBeforeKill = refreshes(log).ok;
      const killedAt = Date.now();
      await setup.kill(first);
      await waitFor(async () => (await setup.primary()) !== first, {
        timeoutMs: 15_000,
        intervalMs: 100,
        message: "the sentinel to promote the replica",
      });
      // The switch is over once the grant's value is written on the new primary by the fleet: a
      // refresh made there after the promotion.
      const promoted = createClient({ url: setup.urls[1] as string });
      promoted.on("error", () => {});
      await promoted.connect();
      const [valueKey] = await promoted.keys(`${keyPrefix}{tok:*}:value`);
      const before = valueKey ? await promoted.get(valueKey) : null;
      await waitFor(async () => valueKey !== undefined && (await promoted.get(valueKey)) !== before, {
        timeoutMs: 15_000,
        intervalMs: 50,
        message: "a refresh written on the promoted replica",
      });
      const switchedAt = Date.now();
      promoted.destroy();

      const runs = await Promise.all(workers.map((w) => w.done));
      const { ok, bad } = refreshes(log);
      expect(bad).toEqual([]);
      expect(ok - refreshesBeforeKill).toBeGreaterThanOrEqual(4);
      for (const run of runs) {
        expect(run.state).toBe("running");
        expect(run.calls).toBeGreaterThan(40);
        expect(new Set(run.codes)).toEqual(new Set(run.codes.length ? ["AUTH_STORE_UNAVAILABLE"] : []));
        for (const at of run.failedAt) {
          expect(at).toBeGreaterThanOrEqual(killedAt);
          expect(at).toBeLessThanOrEqual(switchedAt);
        }
      }
      console.log(
        `sentinel failover: switch ${switchedAt - killedAt} ms, failed calls ${runs.map((r) => r.failed).join("/")}, refreshes ${ok} (${ok - refreshesBeforeKill} after the kill)`,
      );
    }, 120_000);
  },
);
