import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // isolated-vm is a native module the workspace does not install: scripts/isolated-vm/run.sh runs
    // this file against the pinned one (CI's installed lane), never a skip here.
    exclude: [...configDefaults.exclude, "test/code-mode-isolated-vm.test.ts"],
    // One module graph per worker, not per file: the files of a worker run one after another in
    // it, which saves each file's imports (the core's suite: 229 CPU-s instead of 326). The guard
    // fails a file that leaves a global behind (timers, env, listeners, OpenTelemetry).
    isolate: false,
    setupFiles: ["../../scripts/lib/shared-worker-guard.ts"],
    // Vitest runs cores − 1 files at a time: one on a 2-core machine, which leaves a core idle while
    // the tests wait on their servers. Three keep both cores busy beside the other lane: npm test
    // 236 s wall for 452 CPU-s here, against 323 s for 528 with two (a fresh clone's .ci/run).
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
