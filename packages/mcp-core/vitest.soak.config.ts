import { defineConfig } from "vitest/config";

// Long runs (a minute and more each, or one long wait like era-slow-start): run by `npm run test:soak` from CI after `npm test`, so the
// README's test command stays within its time budget.
export default defineConfig({
  test: {
    include: ["soak/**/*.test.ts"],
    // Every file at once (three): each mostly waits (a call every 100 ms, a slow server's start), so
    // the run takes as long as its longest file (the 60-second one), not the sum of them.
    maxWorkers: 3,
    testTimeout: 120_000,
    hookTimeout: 30_000,
  },
});
