// A ToolLoopAgent whose tool list grows while it runs, narrowed per step to one server.
// Run from the repo root: npm run build -w @toolnexus/mcp-core -w @toolnexus/adapter-ai-sdk
//   then: node packages/adapter-ai-sdk/examples/tool-loop-agent.mjs
import { createAiSdkToolset } from "@toolnexus/adapter-ai-sdk";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { stepCountIs, ToolLoopAgent } from "ai";
import { callTool, say, scriptedModel } from "./scripted-model.mjs";

/** Waits for `promise` at most `ms` (a ref'd timer, so the wait itself keeps Node running). */
function within(promise, ms) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const source = await loadMcp(
  { mcpServers: { live: stdioServer("mcp-list-changed"), other: stdioServer("basic") } },
  { toolCache: null },
);
const toolset = createAiSdkToolset(source);
try {
  const added = new Promise((resolve) => {
    toolset.onToolsChange((server, change) => {
      console.log(`tools changed on ${server}:`, JSON.stringify(change));
      if (change.added.length > 0) resolve();
    });
  });

  const agent = new ToolLoopAgent({
    model: scriptedModel([
      // step 1: a control tool makes the server register a new tool (notifications/tools/list_changed)
      () => [callTool("mcp__live__add_tool", { name: "weather" })],
      // step 2: the new tool is offered and called — same ToolSet object, no rebinding
      (options) => {
        console.log("offered in step 2:", options.tools.map((t) => t.name).join(", "));
        return [callTool("mcp__live__weather")];
      },
      () => [say("The weather tool answered.")],
    ]),
    tools: toolset.tools,
    stopWhen: stepCountIs(5),
    prepareStep: async ({ stepNumber }) => {
      // The script calls the new tool right away, so let the core's refresh land first (bounded).
      if (stepNumber === 1) await within(added, 5000);
      return { activeTools: toolset.activeToolsFor("live") }; // only the `live` server's tools
    },
  });

  const result = await agent.generate({ prompt: "Check the weather." });
  console.log("step 2 result:", result.steps[1].toolResults[0].output.text);
  console.log("text:", result.text);
} finally {
  toolset.dispose();
  await source.close();
}
