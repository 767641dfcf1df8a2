import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One module graph per worker, not per file: the files of a worker run one after another in
    // it, which saves each file's imports (the core's suite: 229 CPU-s instead of 326). The guard
    // fails a file that leaves a global behind (timers, env, listeners, OpenTelemetry).
    isolate: false,
    setupFiles: ["../../scripts/lib/shared-worker-guard.ts"],
    // Three files at a time (vitest's default is cores − 1, one here): each test mostly waits on the
    // CLI process and the servers it starts, so more files use the idle core.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
