// Loaded with `node --import` (e.g. `node --import ./scripts/isolated-vm/resolve-isolated-vm.mjs
// bench/code-mode.mjs`): resolves `isolated-vm` as if imported from this folder, i.e. to the pinned
// install run.sh made, wherever the import comes from (the core's dist included). NODE_PATH cannot
// do this: ESM resolution ignores it.
import { register } from "node:module";

register("./resolve-isolated-vm-hooks.mjs", import.meta.url);
