import { defineConfig } from "vitest/config";

// `npm run test:pack`: `npm pack` of the CLI and the core, installed offline into an empty folder,
// then `npx toolnexus-mcp --help` there. A packaging check like `check:package`, run by CI's
// installed lane rather than `npm test`: npm's own processes cost it ~9 CPU-s of the two cores
// `npm test` is bound by.
export default defineConfig({
  test: {
    include: ["test/pack.test.ts"],
    testTimeout: 90_000,
  },
});
