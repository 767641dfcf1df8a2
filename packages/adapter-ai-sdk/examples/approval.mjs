// Approval from the servers' own annotations: a destructive tool waits for a person's answer.
// Run from the repo root: npm run build -w @toolnexus/mcp-core -w @toolnexus/adapter-ai-sdk
//   then: node packages/adapter-ai-sdk/examples/approval.mjs
import { createAiSdkToolset } from "@toolnexus/adapter-ai-sdk";
import { hostileServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { callTool, say, scriptedModel } from "./scripted-model.mjs";

// Every message a run added: `responseMessages` on ai 7 (its `response.messages` is the last step's
// only), `response.messages` on ai 6.
const runMessages = (result) => result.responseMessages ?? result.response.messages;

// A file-store server whose tools carry MCP annotations (read_file is read-only, delete_file destructive).
const source = await loadMcp({ mcpServers: { notes: hostileServer("annotated") } }, { toolCache: null });
try {
  const toolset = createAiSdkToolset(source, { approval: { destructive: true } });
  const model = scriptedModel([
    () => [
      callTool("mcp__notes__read_file", { path: "a.txt" }),
      callTool("mcp__notes__delete_file", { path: "a.txt" }),
    ],
    () => [say("Read it, then deleted it.")],
  ]);
  const messages = [{ role: "user", content: "Read a.txt, then delete it." }];

  // The read-only call runs; the destructive one ends the run with an approval request.
  const first = await generateText({ model, ...toolset, messages, stopWhen: stepCountIs(5) });
  for (const r of first.toolResults) console.log(`ran ${r.toolName}: ${r.output.text}`);
  const requests = first.content.filter((part) => part.type === "tool-approval-request");
  for (const r of requests)
    console.log(`approval requested: ${r.toolCall.toolName} ${JSON.stringify(r.toolCall.input)}`);

  // Ask a person here; the answer goes back as a tool message, and the approved call runs.
  messages.push(...runMessages(first), {
    role: "tool",
    content: requests.map((r) => ({
      type: "tool-approval-response",
      approvalId: r.approvalId,
      approved: true,
    })),
  });
  const second = await generateText({ model, ...toolset, messages, stopWhen: stepCountIs(5) });
  for (const part of runMessages(second).flatMap((m) => (Array.isArray(m.content) ? m.content : []))) {
    if (part.type === "tool-result") console.log(`ran ${part.toolName} after approval: ${part.output.value}`);
  }
  console.log("text:", second.text);
} finally {
  await source.close();
}
