import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two files at a time (vitest's default is cores − 1, one here): each test mostly waits on the
    // CLI process and the servers it starts, so a second file uses the idle core.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
