// The fleet over a minute: 4 worker processes × 60 s, each calling every 100 ms, sharing one OAuth
// grant through a real redis-server (2-second access tokens, rotating refresh tokens that reject
// reuse). Zero failed calls, zero reused refresh tokens, and about one refresh per token lifetime
// for the whole fleet (counted by the fixture). Long by nature: `npm run test:soak`, run by CI.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeInto, oauthFixture, refreshes, startWorker } from "../test/support/fleet.js";
import { redisAvailable, startRedis, type TestRedis } from "../test/support/redis-server.js";

const SECRET = "fleet-soak-secret-of-at-least-32-bytes";

describe.runIf(redisAvailable())("a fleet of 4 workers for 60 s", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  it("should lose no call, spend no refresh token twice, and refresh once per token lifetime", async () => {
    const { fixture, log } = await oauthFixture(2000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const since = Date.now();
    const workers = [1, 2, 3, 4].map(() =>
      startWorker({ redisUrl: redis.url, keyPrefix, secret: SECRET, url: fixture.url, ms: 60_000 }),
    );
    const runs = await Promise.all(workers.map((w) => w.done));
    for (const run of runs) {
      expect(run.codes).toEqual([]);
      expect(run.failed).toBe(0);
      expect(run.calls).toBeGreaterThan(100); // about 550 on a quiet machine (a call every 100 ms), fewer on a loaded one
      expect(run.state).toBe("running");
    }
    const { ok, bad } = refreshes(log);
    expect(bad).toEqual([]);
    // A token (2 s, refreshed 0.5 s early) lasts 1.5 s; one refresh per worker would be 4 times this.
    const lifetimes = (Date.now() - since) / 1500;
    expect(ok).toBeGreaterThanOrEqual(lifetimes * 0.5);
    expect(ok).toBeLessThanOrEqual(Math.ceil(lifetimes * 1.3) + 2);
  }, 110_000);
});
