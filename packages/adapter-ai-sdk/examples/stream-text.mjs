// streamText with MCP tools: progress of a long call, then the streamed answer.
// Run from the repo root: npm run build -w @toolnexus/mcp-core -w @toolnexus/adapter-ai-sdk
//   then: node packages/adapter-ai-sdk/examples/stream-text.mjs
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { stepCountIs, streamText } from "ai";
import { callTool, say, scriptedModel } from "./scripted-model.mjs";

const source = await loadMcp({ mcpServers: { basic: stdioServer("basic") } }, { toolCache: null });
try {
  const tools = toAiSdkTools(source, {
    timeoutMs: 10_000, // per MCP call; progress resets it
    onProgress: (p) => console.log(`  progress ${p.toolName} ${p.progress}/${p.total} (${p.toolCallId})`),
  });
  const result = streamText({
    model: scriptedModel([
      () => [callTool("mcp__basic__slow", { ms: 300, steps: 3 }), callTool("mcp__basic__image")],
      () => [say("Slept, and got a 1x1 image.")],
    ]),
    tools,
    prompt: "Sleep a bit, then fetch the image.",
    stopWhen: stepCountIs(3),
  });
  for await (const part of result.fullStream) {
    if (part.type === "tool-call") console.log("tool-call", part.toolName);
    if (part.type === "tool-result")
      console.log("tool-result", part.toolName, JSON.stringify(part.output.text));
    if (part.type === "text-delta") process.stdout.write(part.text);
  }
  process.stdout.write("\n");
  // What the model saw for the image call: { type: "content", value: [image-data, text] }
  const imageResult = (await result.steps)[0].toolResults.find((r) => r.toolName === "mcp__basic__image");
  console.log(
    "model output of image:",
    JSON.stringify(await tools[imageResult.toolName].toModelOutput(imageResult)),
  );
} finally {
  await source.close();
}
