// A hand-written @langchain/core tool loop: bindCurrentTools binds the model to the current MCP
// tools on every call, toolkit.runToolCall runs each call (errors become status "error" messages).
// Run after a build:  npm run build && node examples/bind-tools.mjs
import { HumanMessage } from "@langchain/core/messages";
import { bindCurrentTools, createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { callTool, ScriptedChatModel, say } from "./scripted-model.mjs";

const source = await loadMcp({ mcpServers: { basic: stdioServer("basic") } }, { toolCache: null });
const toolkit = createLangChainToolkit(source);
const model = new ScriptedChatModel([
  callTool("mcp__basic__add", { a: 2, b: 40 }),
  callTool("mcp__basic__fail", { message: "the disk is full" }),
  ({ messages }) => say(`Sum and error seen: ${messages.at(-3).text} / ${messages.at(-1).text}`)(),
]);
const modelWithTools = bindCurrentTools(model, toolkit);

try {
  const messages = [new HumanMessage("Add 2 and 40, then try the failing tool.")];
  for (let step = 0; step < 10; step++) {
    const reply = await modelWithTools.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) break;
    for (const call of reply.tool_calls) {
      const result = await toolkit.runToolCall(call);
      console.log(`  ${call.name} → [${result.status}] ${result.text}`);
      messages.push(result);
    }
  }
  console.log(`  model: ${messages.at(-1).text}`);
} finally {
  toolkit.dispose();
  await source.close();
}
