// createAgent (LangChain v1) over a live MCP tool set: the agent is built once; a tool the server
// adds later is offered to the next model call and runs. Run after a build:
//   npm run build && node examples/create-agent.mjs
import { HumanMessage } from "@langchain/core/messages";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { mcpToolsMiddleware } from "@toolnexus/adapter-langchain/agent";
import { stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createAgent } from "langchain";
import { callTool, ScriptedChatModel, say } from "./scripted-model.mjs";

// Your config here: a path to an mcp.json, or an object in any common format.
const source = await loadMcp({ mcpServers: { demo: stdioServer("mcp-list-changed") } }, { toolCache: null });
const toolkit = createLangChainToolkit(source);
toolkit.onToolsChange((server, change) => console.log(`  tools changed on ${server}:`, change));

const model = new ScriptedChatModel([
  callTool("mcp__demo__add_tool", { name: "weather" }), // the server registers a new tool
  say("I added a weather tool."),
  callTool("mcp__demo__weather"), // next turn: the new tool, never declared to createAgent
  ({ messages }) => say(`The tool said: ${messages.at(-1).text}`)(),
]);
const agent = createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });

try {
  console.log("turn 1");
  const first = await agent.invoke({ messages: [new HumanMessage("Add a weather tool.")] });
  console.log(`  agent: ${first.messages.at(-1).text}`);
  // list_changed → the core re-lists; wait for the new tool before the next turn.
  await waitFor(() => toolkit.tool("mcp__demo__weather"), { timeoutMs: 10_000, message: "the weather tool" });

  console.log("turn 2");
  const second = await agent.invoke({ messages: [...first.messages, new HumanMessage("Use it.")] });
  console.log(`  agent: ${second.messages.at(-1).text}`);
} finally {
  toolkit.dispose();
  await source.close();
}
