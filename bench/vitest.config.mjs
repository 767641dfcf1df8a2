import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.mjs"],
    // The smoke run spawns a few hundred short-lived processes; on a loaded machine it needs room.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
