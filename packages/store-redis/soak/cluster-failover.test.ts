// A fleet on a Redis Cluster (3 masters, a replica each) whose master is killed mid-run: 3 worker
// processes share one OAuth grant (2-second access tokens, rotating refresh tokens that reject
// reuse) for 25 s while a writer changes a listing every 250 ms and a reader follows it over
// sharded pub/sub. The master that holds both the grant and the listing is killed (SIGKILL) 8 s
// in; its replica takes over. No call fails, no refresh token is spent twice, the fleet keeps
// refreshing after the switch, and the reader still receives the listing's changes.
import { waitFor } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RedisStoresOptions } from "../src/index.js";
import { cacheKeys } from "../src/keys.js";
import { cacheEntry as entry } from "../test/support/cache-entry.js";
import { authorizeInto, oauthFixture, refreshes, startWorker } from "../test/support/fleet.js";
import { openStores } from "../test/support/open-stores.js";
import { canRunCluster, startCluster, type TestCluster } from "../test/support/redis-cluster.js";
import { redisAvailable } from "../test/support/redis-server.js";

const SECRET = "cluster-soak-secret-of-at-least-32-bytes";
const RUN_MS = 25_000;
const KILL_AFTER_MS = 8_000;

describe.runIf(redisAvailable() && canRunCluster())(
  "a fleet on a Redis Cluster whose master is killed",
  () => {
    let cluster: TestCluster;
    beforeAll(async () => {
      cluster = await startCluster({ masters: 3, replicas: 1 });
    }, 60_000);
    afterAll(() => cluster?.close());

    it("should lose no call, spend no refresh token twice, and keep pushing listings after the replica takes over", async () => {
      const target: Pick<RedisStoresOptions, "cluster"> = { cluster: { rootNodes: cluster.urls } };
      const { fixture, log } = await oauthFixture(2000);
      const keyPrefix = "soak:";
      await authorizeInto(fixture.url, { ...target, keyPrefix, secret: SECRET });
      const [grantKey] = await cluster.keys(`${keyPrefix}{tok:*}:value`);
      if (!grantKey) throw new Error("the grant is not in the cluster");
      const victim = await cluster.ownerOf(grantKey);
      // A listing on the same master as the grant, so the kill hits both.
      let fingerprint = "";
      for (let i = 0; !fingerprint; i++) {
        const candidate = String(i).padStart(64, "0");
        if ((await cluster.ownerOf(cacheKeys.key(keyPrefix, candidate))) === victim) fingerprint = candidate;
      }

      const open = () => openStores({ ...target, keyPrefix, secret: SECRET });
      const [writer, reader] = [open(), open()];
      await reader.toolCache.get(fingerprint);
      const pushed: string[] = [];
      reader.toolCache.subscribe((_key, e) => pushed.push(e.tools[0]?.name ?? ""));

      const since = Date.now();
      const workers = [1, 2, 3].map(() =>
        startWorker({ target, keyPrefix, secret: SECRET, url: fixture.url, ms: RUN_MS }),
      );
      let written = 0;
      let killedAt = 0;
      let refreshesBeforeKill = 0;
      const writing = (async () => {
        while (Date.now() - since < RUN_MS) {
          if (!killedAt && Date.now() - since > KILL_AFTER_MS) {
            refreshesBeforeKill = refreshes(log).ok;
            killedAt = written;
            await cluster.kill(victim);
          }
          await writer.toolCache.set(fingerprint, entry(fingerprint, [`v${++written}`]));
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const runs = await Promise.all(workers.map((w) => w.done));
      await writing;

      for (const run of runs) {
        expect(run.codes).toEqual([]);
        expect(run.failed).toBe(0);
        expect(run.calls).toBeGreaterThan(50);
        expect(run.state).toBe("running");
      }
      const { ok, bad } = refreshes(log);
      expect(bad).toEqual([]);
      // The fleet kept refreshing after the switch: 17 s of 1.5-s token lifetimes, loosely.
      expect(ok - refreshesBeforeKill).toBeGreaterThanOrEqual(4);
      expect(await cluster.masters()).not.toContain(victim);

      // The listing still moves: a change made after the switch reaches the reader.
      const last = `final-${written}`;
      await writer.toolCache.set(fingerprint, entry(fingerprint, [last]));
      await waitFor(() => pushed.includes(last), { message: "a listing change after the failover" });
      const afterKill = pushed.filter((name) => Number(name.slice(1)) > killedAt + 1);
      expect(afterKill.length).toBeGreaterThan(10);
    }, 120_000);
  },
);
