import { defineConfig } from "vitest/config";

// The 60-second fleet run and 5 lagging-replica failovers: `npm run test:soak`, called by CI after
// `npm test`, so the README's test command stays within its time budget.
export default defineConfig({
  test: {
    include: ["soak/**/*.test.ts"],
    // The 20-failover run (3–5 min) is by hand (vitest.replica-soak.config.ts); CI runs the
    // 5-failover one (replica-failover-short.test.ts, about 1 min).
    exclude: ["soak/replica-failover.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 30_000,
  },
});
