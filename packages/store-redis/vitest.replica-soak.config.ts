import { defineConfig } from "vitest/config";

// The 20-failover lagging-replica soak (issue 40, item 14): `npm run test:soak:replica`, run by
// hand (3–5 min); CI's `npm run test:soak` runs the 5-failover version
// (soak/replica-failover-short.test.ts), and the 3-failover one in test/ runs in `npm test`. See
// RELIABILITY.md.
export default defineConfig({
  test: {
    include: ["soak/replica-failover.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 30_000,
  },
});
