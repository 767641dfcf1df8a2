import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two files at a time (vitest's default is cores − 1, one here): the tests mostly wait on the
    // servers and processes they start, so a second file uses the idle core (see mcp-core's config).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
