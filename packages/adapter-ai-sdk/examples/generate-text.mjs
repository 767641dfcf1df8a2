// generateText with the live MCP tool set of two fixture servers.
// Run from the repo root: npm run build -w @toolnexus/mcp-core -w @toolnexus/adapter-ai-sdk
//   then: node packages/adapter-ai-sdk/examples/generate-text.mjs
import { isMcpToolCallError, toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { callTool, say, scriptedModel } from "./scripted-model.mjs";

const source = await loadMcp(
  { mcpServers: { alpha: stdioServer("basic"), beta: stdioServer("basic") } },
  { toolCache: null },
);
try {
  const tools = toAiSdkTools(source); // one stable object; pass it to every call
  console.log("tools:", Object.keys(tools).join(", "));

  const result = await generateText({
    model: scriptedModel([
      // step 1: the model calls tools of both servers (same raw name `echo`, distinct keys)
      () => [callTool("mcp__alpha__echo", { text: "hi alpha" }), callTool("mcp__beta__add", { a: 2, b: 3 })],
      // step 2: an isError result comes back to the model as a tool-error
      () => [callTool("mcp__alpha__fail", { message: "disk full" })],
      () => [say("done")],
    ]),
    tools,
    prompt: "Use the tools.",
    stopWhen: stepCountIs(5),
  });

  for (const [i, step] of result.steps.entries()) {
    for (const r of step.toolResults) console.log(`step ${i + 1} result ${r.toolName}:`, r.output.text);
    for (const part of step.content) {
      if (part.type === "tool-error" && isMcpToolCallError(part.error))
        console.log(`step ${i + 1} tool-error ${part.toolName}:`, part.error.message);
    }
  }
  console.log("text:", result.text);
} finally {
  await source.close();
}
