// Deferred loading with createAgent: the model starts with only mcp_search_tools and
// mcp_load_tools, finds a tool, loads it, and has it from its next step on. Run after a build:
//   npm run build && node examples/big-tool-set.mjs
import { HumanMessage } from "@langchain/core/messages";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { mcpToolsMiddleware } from "@toolnexus/adapter-langchain/agent";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createAgent } from "langchain";
import { callTool, ScriptedChatModel, say } from "./scripted-model.mjs";

// Your config here. `{ threshold: 30 }` would defer only when the servers hold more than 30 tools.
const source = await loadMcp({ mcpServers: { basic: stdioServer("basic") } }, { toolCache: null });
const toolkit = createLangChainToolkit(source, { deferLoading: {} });

const model = new ScriptedChatModel([
  callTool("mcp_search_tools", { query: "add numbers" }),
  ({ messages }) => {
    console.log(`  search said:\n    ${messages.at(-1).text.replaceAll("\n", "\n    ")}`);
    return callTool("mcp_load_tools", { names: ["mcp__basic__add"] })();
  },
  callTool("mcp__basic__add", { a: 2, b: 3 }),
  ({ messages }) => say(`2 + 3 = ${messages.at(-1).text}`)(),
]);
const agent = createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });

try {
  const result = await agent.invoke({ messages: [new HumanMessage("What is 2 + 3?")] });
  console.log(`  agent: ${result.messages.at(-1).text}`);
  console.log(`  toolkit.tools still lists all ${toolkit.tools.length} tools`);
} finally {
  toolkit.dispose();
  await source.close();
}
