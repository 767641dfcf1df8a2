// The LangChain adapter's vitest config, with `@langchain/core`, `langchain` and `@langchain/langgraph`
// (and their subpaths) resolved as if imported from this folder (the lowest versions the peer range
// claims). The tests' own langgraph imports (MemorySaver, Command) must be the copy langchain uses, or
// an interrupt and its resume do not meet. A resolve plugin rather than aliases: the adapter imports
// many subpaths, each mapped by the package's own exports.
import { fileURLToPath } from "node:url";
import { mergeConfig } from "vitest/config";
import packageConfig from "../../packages/adapter-langchain/vitest.config.ts";

const here = fileURLToPath(new URL("./package.json", import.meta.url));
const peer = /^(@langchain\/core|@langchain\/langgraph|langchain)(\/|$)/;

export default mergeConfig(packageConfig, {
  root: fileURLToPath(new URL("../../packages/adapter-langchain", import.meta.url)),
  plugins: [
    {
      name: "langchain-range-peers",
      enforce: "pre",
      resolveId(source, importer, options) {
        if (!peer.test(source) || importer === here) return null;
        return this.resolve(source, here, { ...options, skipSelf: true });
      },
    },
  ],
});
