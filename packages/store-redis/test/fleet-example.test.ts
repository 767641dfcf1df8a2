import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisAvailable, startRedis, type TestRedis } from "./support/redis-server.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

describe.runIf(redisAvailable())("examples/fleet/two-workers.mjs (the core README's fleet example)", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it("should run as written: the second worker lists at load and gains the first one's new tool unstarted", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["examples/fleet/two-workers.mjs"], {
      cwd: ROOT,
      timeout: 30_000,
      env: { ...process.env, REDIS_URL: redis.url, FLEET_KEY_PREFIX: redis.prefix() },
    });
    expect(stdout).toContain('second: ready with 8 tools, server "catalog" stopped');
    expect(stdout).toContain('second: gained mcp__catalog__late_tool (server "catalog" stopped)');
  });
});
