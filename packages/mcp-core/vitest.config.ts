import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Vitest runs cores − 1 files at a time: one on a 2-core machine, which leaves a core idle while
    // the tests wait on their servers. Two keep the suite within its budget.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
      thresholds: { statements: 90 },
    },
  },
});
