// Approval from the servers' own annotations: the agent pauses before a destructive tool runs
// (LangChain's human-in-the-loop interrupt) and resumes on the host's decision. Run after a build:
//   npm run build && node examples/approval.mjs
import { HumanMessage } from "@langchain/core/messages";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { mcpToolsMiddleware } from "@toolnexus/adapter-langchain/agent";
import { hostileServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createAgent } from "langchain";
import { callTool, ScriptedChatModel, say } from "./scripted-model.mjs";

// A file-store-like server: read_file is read-only, delete_file is destructive.
const source = await loadMcp({ mcpServers: { files: hostileServer("annotated") } }, { toolCache: null });
const toolkit = createLangChainToolkit(source, { approval: { destructive: true } });

const model = new ScriptedChatModel([
  callTool("mcp__files__read_file", { path: "report.txt" }), // read-only: runs at once
  callTool("mcp__files__delete_file", { path: "report.txt" }), // destructive: pauses
  ({ messages }) => say(`Done: ${messages.at(-1).text}`)(),
]);
const agent = createAgent({
  model,
  tools: [],
  middleware: [mcpToolsMiddleware(toolkit)],
  checkpointer: new MemorySaver(), // an interrupted run is resumed from its checkpoint
});
const config = { configurable: { thread_id: "demo" } };

try {
  const paused = await agent.invoke(
    { messages: [new HumanMessage("Read report.txt, then delete it.")] },
    config,
  );
  for (const action of paused.__interrupt__[0].value.actionRequests) {
    console.log(`  needs approval: ${action.name} ${JSON.stringify(action.args)}`);
  }
  // Your UI asks a person here. Other decisions: { type: "reject", message } or { type: "edit", editedAction }.
  const resumed = await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), config);
  console.log(`  agent: ${resumed.messages.at(-1).text}`);
} finally {
  toolkit.dispose();
  await source.close();
}
