// The core's vitest config for scripts/isolated-vm/run.sh: the isolated-vm executor's test file
// only (the package's own config leaves it out), with `isolated-vm` resolved from this folder's
// pinned install. The alias reaches the executor's own `import("isolated-vm")` (its source, which
// vitest transforms), so the file tests the import a host's install would satisfy. Spread, not
// mergeConfig: merging would append to the package's include and exclude lists.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import packageConfig from "../../packages/mcp-core/vitest.config.ts";

const fromHere = createRequire(import.meta.url);

export default defineConfig({
  ...packageConfig,
  root: fileURLToPath(new URL("../../packages/mcp-core", import.meta.url)),
  resolve: { alias: [{ find: /^isolated-vm$/, replacement: fromHere.resolve("isolated-vm") }] },
  test: {
    ...packageConfig.test,
    include: ["test/code-mode-isolated-vm.test.ts"],
    exclude: [...configDefaults.exclude],
    coverage: { enabled: false },
  },
});
