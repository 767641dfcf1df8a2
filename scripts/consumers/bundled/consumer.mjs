// A plain JavaScript consumer for bundlers: esbuild, Rollup, webpack and Vite (SSR) each bundle it
// with what they do by default for Node (bundle.mjs), and the bundle is run by Node against the
// `basic` fixture server. Every entry a Node app imports, and a real call through each adapter;
// the config is read from a JSONC file, so the config parser is in the bundle and runs.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { loadMcp as loadToolnexusMcp } from "@toolnexus/adapter-toolnexus";
import { main as cliMain } from "@toolnexus/cli";
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";

async function main() {
  const [fixture, label = "bundle"] = process.argv.slice(2);
  if (fixture === undefined)
    throw new Error("usage: node <bundle> <path of fixtures/basic/server.mjs> [label]");
  const file = join(tmpdir(), `toolnexus-bundled-${process.pid}.jsonc`);
  const server = { command: process.execPath, args: [fixture] };
  writeFileSync(
    file,
    `// JSONC: a comment and a trailing comma\n${JSON.stringify({ mcpServers: { basic: server } })}\n`,
  );

  const source = await loadMcp(file, { toolCache: null });
  try {
    const echo = source.tools.find((tool) => tool.name === "mcp__basic__echo");
    const result = await echo?.execute({ text: "bundled" });
    if (result?.text !== "bundled") throw new Error(`core: unexpected result ${JSON.stringify(result)}`);
    const output = await toAiSdkTools(source).mcp__basic__echo?.execute?.(
      { text: "bundled ai-sdk" },
      { toolCallId: "1", messages: [] },
    );
    if (output?.text !== "bundled ai-sdk") throw new Error("ai-sdk: no echo");
    const toolkit = createLangChainToolkit(source);
    const message = await toolkit.runToolCall({
      name: "mcp__basic__echo",
      args: { text: "bundled lc" },
      id: "1",
    });
    if (message.content !== "bundled lc") throw new Error("langchain: no echo");
    toolkit.dispose();
  } finally {
    await source.close();
  }
  const legacy = await loadToolnexusMcp(file, { defaultInheritEnv: [] });
  const legacyResult = await legacy.tools.find((tool) => tool.name === "basic_echo")?.execute({ text: "tn" });
  await legacy.close();
  if (legacyResult?.output !== "tn") throw new Error("toolnexus: no echo");
  if (typeof cliMain !== "function" || typeof createRedisStores !== "function")
    throw new Error("entries missing");
  console.log(`consumers: ${label} bundle started and called tools through every adapter`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
