// Loaded with `node --import` (through NODE_OPTIONS, so every process of the run has it: vitest,
// its workers and the example scripts the suite spawns): resolves `ai` and `ai/*` as if imported
// from this folder, i.e. to the pinned ai 7, wherever the import comes from. NODE_PATH cannot do
// this: ESM resolution ignores it, and the workspace's own node_modules/ai (ai 6) would win anyway.
import { register } from "node:module";

register("./resolve-ai-hooks.mjs", import.meta.url);
