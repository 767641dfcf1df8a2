import { defineConfig } from "vitest/config";

// The 60-second fleet run and 5 lagging-replica failovers: `npm run test:soak`, called by CI after
// `npm test`, so the README's test command stays within its time budget.
export default defineConfig({
  test: {
    include: ["soak/**/*.test.ts"],
    // The 20-failover run (3–5 min) is by hand (vitest.replica-soak.config.ts); CI runs the
    // 5-failover one (replica-failover-short.test.ts, about 1 min).
    exclude: ["soak/replica-failover.test.ts"],
    // Two files at a time: each mostly waits (4 workers calling every 100 ms, a failover's switch;
    // measured one at a time: 220 s wall for 61 CPU-s), and each starts its own redis-server,
    // cluster or Sentinel on free ports, so they are independent.
    maxWorkers: 2,
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 30_000,
  },
});
