import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The packaging check is `npm run test:pack` (vitest.pack.config.ts), a step of CI's installed lane.
    exclude: ["test/pack.test.ts"],
    // One module graph per worker, not per file: the files of a worker run one after another in
    // it, which saves each file's imports (the core's suite: 229 CPU-s instead of 326). The guard
    // fails a file that leaves a global behind (timers, env, listeners, OpenTelemetry).
    isolate: false,
    setupFiles: ["../../scripts/lib/shared-worker-guard.ts"],
    // The CLI's tests start a bundle of the built CLI rather than the bin (test/support/cli-bundle.ts
    // says why and what checks the bin itself).
    globalSetup: ["test/support/cli-bundle.ts"],
    // Two files at a time (vitest's default is cores − 1, one here): each test mostly waits on the
    // CLI process and the servers it starts, so a second file uses the idle core. Three gained 5 s
    // and made the bursts of CLI processes starting at once late enough to fail deadline tests.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
