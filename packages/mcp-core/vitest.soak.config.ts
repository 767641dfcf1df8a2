import { defineConfig } from "vitest/config";

// Long runs (a minute and more each, or one long wait like era-slow-start): run by `npm run test:soak` from CI after `npm test`, so the
// README's test command stays within its time budget.
export default defineConfig({
  test: {
    include: ["soak/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 30_000,
  },
});
