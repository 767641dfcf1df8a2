// The AI SDK adapter's vitest config, with `ai` and `ai/*` resolved from this folder (ai 7).
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { mergeConfig } from "vitest/config";
import packageConfig from "../../packages/adapter-ai-sdk/vitest.config.ts";

const fromHere = createRequire(import.meta.url);

export default mergeConfig(packageConfig, {
  root: fileURLToPath(new URL("../../packages/adapter-ai-sdk", import.meta.url)),
  resolve: {
    alias: [
      { find: /^ai$/, replacement: fromHere.resolve("ai") },
      { find: /^ai\/test$/, replacement: fromHere.resolve("ai/test") },
    ],
  },
});
