/**
 * The skip rule of the Redis suite, decided once per run by the global setup (no vitest import:
 * it runs in the main process): without `redis-server` on PATH and without `REDIS_URL`, the suite
 * is skipped with one printed line — unless `TOOLNEXUS_REQUIRE_REDIS=1`, where it fails instead.
 * @module
 */
import { spawnSync } from "node:child_process";

/** Whether a `redis-server` binary is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * Whether the Redis suite can run here, decided once per run by the global setup. When it cannot,
 * prints ONE line saying so and how to run it, or throws when `TOOLNEXUS_REQUIRE_REDIS=1` (CI) so
 * the suite can never be skipped there.
 */
export function checkRedisAvailable(): boolean {
  if (process.env.REDIS_URL || hasRedisServer()) return true;
  const how = "install redis-server (on PATH) or set REDIS_URL=redis://host:port";
  if (process.env.TOOLNEXUS_REQUIRE_REDIS === "1")
    throw new Error(`TOOLNEXUS_REQUIRE_REDIS=1 but Redis is not available: ${how}`);
  console.log(`@toolnexus/store-redis: the Redis suite was skipped (no Redis); to run it, ${how}`);
  return false;
}
