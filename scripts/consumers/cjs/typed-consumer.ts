// A TypeScript consumer compiled to CommonJS (`"type": "commonjs"`, `module: "nodenext"`, strict):
// tsc emits `require()` for these imports, and Node >= 20.19 loads the ES modules through their
// `default` condition. Run after the build: one real call against the `basic` fixture server.
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { mcpToolsMiddleware } from "@toolnexus/adapter-langchain/agent";
import { loadMcp as loadToolnexusMcp } from "@toolnexus/adapter-toolnexus";
import { main as cliMain } from "@toolnexus/cli";
import { type LoadMcpOptions, loadMcp, type McpConfigInput, type McpToolResult } from "@toolnexus/mcp-core";
import { createResourceTools } from "@toolnexus/mcp-core/adapter";
import { createRedisStores } from "@toolnexus/store-redis";

const fixture = process.argv[2];
if (fixture === undefined) throw new Error("usage: node <this file> <path of fixtures/basic/server.mjs>");
const config: McpConfigInput = { mcpServers: { basic: { command: process.execPath, args: [fixture] } } };
const options: LoadMcpOptions = { toolCache: null };

async function main(): Promise<void> {
  const source = await loadMcp(config, options);
  try {
    const echo = source.tools.find((tool) => tool.name === "mcp__basic__echo");
    const result: McpToolResult | undefined = await echo?.execute({ text: "typed" });
    if (result?.text !== "typed") throw new Error(`core: unexpected result ${JSON.stringify(result)}`);

    const output: unknown = await toAiSdkTools(source).mcp__basic__echo?.execute?.(
      { text: "typed ai-sdk" },
      { toolCallId: "1", messages: [] },
    );
    if ((output as { text?: unknown } | undefined)?.text !== "typed ai-sdk")
      throw new Error("ai-sdk: no echo");

    const toolkit = createLangChainToolkit(source);
    const message = await toolkit.runToolCall({
      name: "mcp__basic__echo",
      args: { text: "typed lc" },
      id: "1",
    });
    if (message.content !== "typed lc") throw new Error("langchain: no echo");
    if (mcpToolsMiddleware(toolkit).name !== "McpToolsMiddleware") throw new Error("agent: wrong middleware");
    toolkit.dispose();
    if (createResourceTools(source).length !== 2) throw new Error("adapter kit: no resource tools");
  } finally {
    await source.close();
  }
  const legacy = await loadToolnexusMcp(config);
  const legacyEcho = legacy.tools.find((tool) => tool.name === "basic_echo");
  const legacyResult = await legacyEcho?.execute({ text: "typed toolnexus" });
  await legacy.close();
  if (legacyResult?.output !== "typed toolnexus") throw new Error("toolnexus: no echo");
  // Types only: creating the stores would connect to Redis.
  const makeStores: typeof createRedisStores = createRedisStores;
  const runCli: (argv: readonly string[]) => Promise<number> = cliMain;
  console.log(`typed CommonJS consumer: calls answered; ${typeof makeStores} ${typeof runCli}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
