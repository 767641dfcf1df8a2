import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One module graph per worker, not per file: the files of a worker run one after another in
    // it, which saves each file's imports (the core's suite: 229 CPU-s instead of 326). The guard
    // fails a file that leaves a global behind (timers, env, listeners, OpenTelemetry).
    isolate: false,
    setupFiles: ["../../scripts/lib/shared-worker-guard.ts"],
    // Vitest runs cores − 1 files at a time: one on a 2-core machine, which leaves a core idle while
    // the tests wait on their servers. Three (with the CLI's three beside them in npm test) keep both
    // cores busy: npm test 236 s wall for 452 CPU-s, against 323 s for 528 with two each.
    maxWorkers: 3,
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
