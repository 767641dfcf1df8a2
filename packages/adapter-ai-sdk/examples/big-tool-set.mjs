// Deferred loading: the model sees two meta-tools, finds a tool, loads it, then calls it.
// Run from the repo root: npm run build -w @toolnexus/mcp-core -w @toolnexus/adapter-ai-sdk
//   then: node packages/adapter-ai-sdk/examples/big-tool-set.mjs
import { createAiSdkToolset } from "@toolnexus/adapter-ai-sdk";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { callTool, say, scriptedModel } from "./scripted-model.mjs";

const source = await loadMcp(
  { mcpServers: { alpha: stdioServer("basic"), beta: stdioServer("basic") } },
  { toolCache: null },
);
try {
  // Defer once the source holds more than 10 tools (here 16): each step offers the tools the
  // conversation loaded plus mcp_search_tools and mcp_load_tools.
  const toolset = createAiSdkToolset(source, { deferLoading: { threshold: 10 } });
  const offered = (options) => console.log(`step offers: ${options.tools.map((t) => t.name).join(", ")}`);
  const result = await generateText({
    model: scriptedModel([
      (options) => {
        offered(options);
        return [callTool("mcp_search_tools", { query: "add two numbers", limit: 2 })];
      },
      (options) => {
        offered(options);
        return [callTool("mcp_load_tools", { names: ["mcp__beta__add"] })];
      },
      (options) => {
        offered(options);
        return [callTool("mcp__beta__add", { a: 2, b: 3 })];
      },
      () => [say("2 + 3 = 5")],
    ]),
    ...toolset, // tools + prepareStep
    prompt: "What is 2 + 3?",
    stopWhen: stepCountIs(6),
  });
  for (const [i, step] of result.steps.entries()) {
    for (const r of step.toolResults) console.log(`step ${i + 1} ${r.toolName}: ${r.output.text}`);
  }
  console.log("text:", result.text);
} finally {
  await source.close();
}
