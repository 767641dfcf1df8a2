import { join } from "node:path";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { Command, MemorySaver } from "@langchain/langgraph";
import { countEvents, hostileServer, makeTempDir, removeTempDir, sourceLoader } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { createAgent, type HITLRequest } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { mcpToolsMiddleware } from "../src/agent.js";
import { createLangChainToolkit, type LangChainToolkitOptions } from "../src/index.js";
import { callTool, ScriptedChatModel, type ScriptStep, say } from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
const dirs: string[] = [];
afterEach(async () => {
  await sources.closeAll();
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

const OPTIONS_INVALID = expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" });
const thread = (id: string) => ({ configurable: { thread_id: id } });

/** The `annotated` fixture as server "files", logging its calls. */
async function filesServer(): Promise<{ source: McpSource; calls: () => number }> {
  const dir = makeTempDir("toolnexus-lc-approval-");
  dirs.push(dir);
  const log = join(dir, "files.log");
  const source = await sources.loadServers({ files: hostileServer("annotated", { args: ["--log", log] }) });
  return { source, calls: () => countEvents(log, "call") };
}

function agentWith(source: McpSource, options: LangChainToolkitOptions, steps: ScriptStep[]) {
  const toolkit = createLangChainToolkit(source, options);
  const model = new ScriptedChatModel(steps);
  const middleware = [mcpToolsMiddleware(toolkit)];
  return {
    toolkit,
    model,
    agent: createAgent({ model, tools: [], middleware, checkpointer: new MemorySaver() }),
  };
}

const toolMessages = (messages: unknown[]) =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));

/** A step that calls several tools at once. */
const callTools =
  (...calls: Array<[string, Record<string, unknown>]>): ScriptStep =>
  () =>
    new AIMessage({
      content: "",
      tool_calls: calls.map(([name, args], i) => ({
        name,
        args,
        id: `multi_${i}`,
        type: "tool_call" as const,
      })),
    });

describe("approval with createAgent", () => {
  it("should pause before a destructive tool and run it once approved", async () => {
    const { source, calls } = await filesServer();
    const { agent, model } = agentWith(source, { approval: { destructive: true }, deferLoading: {} }, [
      callTool("mcp_load_tools", { names: ["mcp__files__delete_file"] }),
      callTool("mcp__files__delete_file", { path: "old.txt" }),
      say("deleted it"),
    ]);

    const paused = await agent.invoke({ messages: [new HumanMessage("delete old.txt")] }, thread("t1"));
    // The meta-tool ran without a pause; the destructive call did not run.
    expect(toolMessages(paused.messages).map((m) => m.name)).toEqual(["mcp_load_tools"]);
    const request = paused.__interrupt__?.[0]?.value as HITLRequest;
    expect(request.actionRequests).toEqual([
      expect.objectContaining({ name: "mcp__files__delete_file", args: { path: "old.txt" } }),
    ]);
    expect(request.reviewConfigs).toEqual([
      { actionName: "mcp__files__delete_file", allowedDecisions: ["approve", "edit", "reject"] },
    ]);
    expect(calls()).toBe(0);
    expect(model.calls).toHaveLength(2);

    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      thread("t1"),
    );
    expect(toolMessages(resumed.messages).at(-1)).toMatchObject({
      status: "success",
      content: "deleted old.txt",
    });
    expect(resumed.messages.at(-1)?.text).toBe("deleted it");
    expect(calls()).toBe(1);
  });

  it("should hand a rejection to the model without running the tool", async () => {
    const { source, calls } = await filesServer();
    const { agent, model } = agentWith(source, { approval: { destructive: true } }, [
      callTool("mcp__files__delete_file", { path: "old.txt" }),
      (call) => say(`told: ${call.messages.at(-1)?.text}`)(call),
    ]);
    const paused = await agent.invoke({ messages: [new HumanMessage("delete old.txt")] }, thread("t2"));
    expect(paused.__interrupt__).toHaveLength(1);

    const decisions = [{ type: "reject", message: "not that file" }];
    const resumed = await agent.invoke(new Command({ resume: { decisions } }), thread("t2"));
    expect(toolMessages(resumed.messages)).toEqual([
      expect.objectContaining({ name: "mcp__files__delete_file", status: "error", content: "not that file" }),
    ]);
    expect(resumed.messages.at(-1)?.text).toBe("told: not that file");
    expect(model.calls).toHaveLength(2);
    expect(calls()).toBe(0);
  });

  it("should run read-only and non-destructive tools at once and pause for an unannotated one", async () => {
    const { source, calls } = await filesServer();
    const { agent } = agentWith(source, { approval: { destructive: true } }, [
      callTools(
        ["mcp__files__read_file", { path: "a.txt" }],
        ["mcp__files__append_note", { path: "notes" }],
        ["mcp__files__fetch_url", { path: "page" }],
      ),
      say("done"),
    ]);
    const paused = await agent.invoke({ messages: [new HumanMessage("go")] }, thread("t3"));
    // No hints: the MCP defaults make fetch_url destructive.
    const request = paused.__interrupt__?.[0]?.value as HITLRequest;
    expect(request.actionRequests.map((action) => action.name)).toEqual(["mcp__files__fetch_url"]);
    expect(calls()).toBe(0);

    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      thread("t3"),
    );
    expect(toolMessages(resumed.messages).map((m) => [m.status, m.text])).toEqual([
      ["success", "read a.txt"],
      ["success", "appended to notes"],
      ["success", "fetched page"],
    ]);
    expect(calls()).toBe(3);
  });

  it("should run every tool without a pause or a checkpointer when no policy is given", async () => {
    const { source } = await filesServer();
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([callTool("mcp__files__delete_file", { path: "x" }), say("ok")]);
    const agent = createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });
    const result = await agent.invoke({ messages: [new HumanMessage("delete x")] });
    expect(toolMessages(result.messages)[0]).toMatchObject({ status: "success", content: "deleted x" });
    expect(toolkit.needsApproval("mcp__files__delete_file")).toBe(false);
  });
});

describe("the toolkit's approval and deferLoading options", () => {
  it("should tell which tools need approval from the hints, the globs or a function", async () => {
    const { source } = await filesServer();
    const verdicts = (options: LangChainToolkitOptions) => {
      const toolkit = createLangChainToolkit(source, options);
      const names = [...toolkit.tools.map((tool) => tool.name), "mcp_load_tools", "mcp__files__nope"];
      return names.filter((name) => toolkit.needsApproval(name));
    };
    expect(verdicts({ approval: { destructive: true } })).toEqual([
      "mcp__files__delete_file",
      "mcp__files__fetch_url",
    ]);
    expect(verdicts({ approval: { openWorld: true } })).toEqual(["mcp__files__fetch_url"]);
    expect(verdicts({ approval: { tools: ["*__append_*"] } })).toEqual(["mcp__files__append_note"]);
    expect(verdicts({ approval: (tool) => tool.rawName === "read_file" })).toEqual(["mcp__files__read_file"]);
    expect(verdicts({ approval: true })).toHaveLength(4);
    expect(verdicts({ approval: false })).toEqual([]);
  });

  it("should reject malformed options with an OPTIONS_INVALID McpCoreError naming them", async () => {
    const { source } = await filesServer();
    const make = (options: Record<string, unknown>) => () =>
      createLangChainToolkit(source, options as LangChainToolkitOptions);
    expect(make({ deferLoading: "yes" })).toThrow(OPTIONS_INVALID);
    expect(make({ deferLoading: "yes" })).toThrow(
      'LangChain adapter option "deferLoading": expected an object ({} defers every tool, { threshold: N } past N tools, { enabled: false } none), got string',
    );
    expect(make({ deferLoading: { threshold: -1 } })).toThrow(OPTIONS_INVALID);
    expect(make({ deferLoading: { threshold: 2, extra: 1 } })).toThrow(/"deferLoading"/);
    expect(make({ approval: "destructive" })).toThrow(OPTIONS_INVALID);
    expect(make({ approval: { destructive: "yes" } })).toThrow(
      /option "approval\.destructive": expected a boolean/,
    );
    expect(make({ approval: { readOnly: true } })).toThrow(
      /option "approval\.readOnly": expected no such key/,
    );
    expect(make({ approval: { tools: "mcp__*" } })).toThrow(
      /"approval\.tools": expected an array of tool-name globs/,
    );
    expect(make({ deferLoading: undefined, approval: undefined })).not.toThrow();
  });
});
