// A fleet of real worker processes sharing one OAuth grant through Redis: 3 workers × 10 s against
// 2-second access tokens and rotating refresh tokens that reject reuse. No call fails, no refresh
// token is ever spent twice, and the fleet refreshes about once per token lifetime (counted by the
// fixture), not once per worker. The 4 × 60 s run is in soak/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeInto, oauthFixture, refreshes, startWorker } from "./support/fleet.js";
import { redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const SECRET = "fleet-test-secret-of-at-least-32-bytes!";

describe.runIf(redisAvailable())("a fleet sharing one grant through Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  it("should refresh about once per token lifetime fleet-wide, with no failed call and no reuse", async () => {
    const { fixture, log } = await oauthFixture(2000);
    const keyPrefix = redis.prefix();
    await authorizeInto(fixture.url, { url: redis.url, keyPrefix, secret: SECRET });
    const since = Date.now();
    const ms = 10_000;
    const workers = [1, 2, 3].map(() =>
      startWorker({ redisUrl: redis.url, keyPrefix, secret: SECRET, url: fixture.url, ms }),
    );
    const runs = await Promise.all(workers.map((w) => w.done));
    for (const run of runs) {
      expect(run.codes).toEqual([]);
      expect(run.failed).toBe(0);
      expect(run.calls).toBeGreaterThan(30);
      expect(run.state).toBe("running");
    }
    const { ok, bad } = refreshes(log);
    expect(bad).toEqual([]);
    // A token (2 s, refreshed 0.5 s early) lasts 1.5 s: one refresh per 1.5 s of the run for the
    // whole fleet (a little slack for the first and the last); one per worker would be 3 times that.
    const lifetimes = (Date.now() - since) / 1500;
    expect(ok).toBeGreaterThanOrEqual(3);
    expect(ok).toBeLessThanOrEqual(Math.ceil(lifetimes * 1.3) + 2);
  }, 40_000);
});
