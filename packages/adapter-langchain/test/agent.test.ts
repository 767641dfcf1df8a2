import { join } from "node:path";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { countEvents, makeTempDir, removeTempDir, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { mcpToolsMiddleware } from "../src/agent.js";
import { createLangChainToolkit, type LangChainToolkit } from "../src/index.js";
import { callTool, ScriptedChatModel, say } from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

function agentFor(toolkit: LangChainToolkit, model: ScriptedChatModel) {
  return createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });
}

const toolMessages = (messages: unknown[]) =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));

/** Resolves when `server` leaves `running` (a crash was noticed). */
function leftRunning(source: McpSource, server: string): Promise<void> {
  return new Promise((resolve) => {
    const off = source.onStateChange((name, state) => {
      if (name === server && state !== "running") {
        off();
        resolve();
      }
    });
  });
}

function pidOf(source: McpSource, server: string): number {
  const pid = source.servers().find((s) => s.name === server)?.pid;
  if (pid === undefined) throw new Error(`no pid for ${server}`);
  return pid;
}

describe("createAgent with mcpToolsMiddleware", () => {
  it("should run an MCP tool and hand its real output to the model in a ToolMessage", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([
      callTool("mcp__basic__echo", { text: "hi from mcp" }),
      (call) => say(`echo said: ${call.messages.at(-1)?.text}`)(call),
    ]);
    const result = await agentFor(toolkit, model).invoke({ messages: [new HumanMessage("echo something")] });

    expect(model.calls[0]?.toolNames).toEqual(toolkit.tools.map((tool) => tool.name));
    const [message] = toolMessages(result.messages);
    expect(message).toMatchObject({ content: "hi from mcp", status: "success", name: "mcp__basic__echo" });
    expect(result.messages.at(-1)?.text).toBe("echo said: hi from mcp");
  });

  it("should offer and run a tool the server added after the agent was built", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([callTool("mcp__lc__add_tool", { name: "fresh" }), say("added")]);
    const agent = agentFor(toolkit, model);

    const first = await agent.invoke({ messages: [new HumanMessage("add a tool")] });
    expect(model.calls[0]?.toolNames).not.toContain("mcp__lc__fresh");
    expect(toolMessages(first.messages)[0]).toMatchObject({ content: "added fresh", status: "success" });
    await waitFor(() => toolkit.tool("mcp__lc__fresh"), { message: "list_changed refresh" });

    model.queue(callTool("mcp__lc__fresh"), say("done"));
    const second = await agent.invoke({ messages: [...first.messages, new HumanMessage("use it")] });
    expect(model.calls[2]?.toolNames).toContain("mcp__lc__fresh");
    expect(toolMessages(second.messages).at(-1)).toMatchObject({
      name: "mcp__lc__fresh",
      content: "fresh ok",
      status: "success",
    });
    expect(second.messages.at(-1)?.text).toBe("done");
  });

  it("should stop offering a removed tool and answer a stale call with an error message", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([callTool("mcp__lc__remove_tool", { name: "echo" }), say("removed")]);
    const agent = agentFor(toolkit, model);
    expect(toolkit.tool("mcp__lc__echo")).toBeDefined();

    const first = await agent.invoke({ messages: [new HumanMessage("remove echo")] });
    expect(model.calls[0]?.toolNames).toContain("mcp__lc__echo");
    await waitFor(() => toolkit.tool("mcp__lc__echo") === undefined, { message: "echo removed" });

    model.queue(callTool("mcp__lc__echo", { text: "anyone?" }), say("ok"));
    const second = await agent.invoke({ messages: [...first.messages, new HumanMessage("echo")] });
    expect(model.calls[2]?.toolNames).not.toContain("mcp__lc__echo");
    expect(model.calls[2]?.toolNames).toContain("mcp__lc__add_tool");
    const stale = toolMessages(second.messages).at(-1);
    expect(stale).toMatchObject({ name: "mcp__lc__echo", status: "error" });
    expect(stale?.text).toContain("no longer offered");
    expect(second.messages.at(-1)?.text).toBe("ok");
  });

  it("should call the restarted server on the next turn with no rebuild of the agent or its tools", async () => {
    const source = await sources.loadServers({ basic: "basic" }, { autoRestart: { initialDelayMs: 50 } });
    const toolkit = createLangChainToolkit(source);
    const toolsBefore = toolkit.tools;
    const model = new ScriptedChatModel([callTool("mcp__basic__pid"), say("got pid")]);
    const agent = agentFor(toolkit, model);

    const first = await agent.invoke({ messages: [new HumanMessage("pid?")] });
    const firstPid = Number(toolMessages(first.messages)[0]?.content);
    expect(firstPid).toBe(pidOf(source, "basic"));

    const crashed = leftRunning(source, "basic");
    process.kill(firstPid, "SIGKILL");
    await crashed;

    // Called while the server is down or restarting: the call waits for the new process.
    model.queue(callTool("mcp__basic__pid"), say("got pid again"));
    const second = await agent.invoke({ messages: [...first.messages, new HumanMessage("pid again?")] });
    const answer = toolMessages(second.messages).at(-1);
    expect(answer?.status).toBe("success");
    expect(Number(answer?.content)).not.toBe(firstPid);
    expect(Number(answer?.content)).toBe(pidOf(source, "basic"));
    expect(second.messages.at(-1)?.text).toBe("got pid again");
    expect(toolkit.tools).toBe(toolsBefore);
  });

  it("should hand an isError result to the model as an error ToolMessage and finish the run", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([
      callTool("mcp__basic__fail", { message: "kaput" }),
      (call) => {
        const last = call.messages.at(-1);
        const status = ToolMessage.isInstance(last) ? last.status : "none";
        return say(`tool ${status}: ${last?.text}`)(call);
      },
    ]);
    const result = await agentFor(toolkit, model).invoke({ messages: [new HumanMessage("fail please")] });
    expect(toolMessages(result.messages)[0]).toMatchObject({ status: "error", content: "kaput" });
    expect(result.messages.at(-1)?.text).toBe("tool error: kaput");
  });

  it("should hand a call to a server that gave up to the model as an error ToolMessage", async () => {
    const source = await sources.loadServers(
      { basic: "basic", other: "basic" },
      { autoRestart: { maxRetries: 0 } },
    );
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([callTool("mcp__basic__echo", { text: "one" }), say("first")]);
    const agent = agentFor(toolkit, model);
    const first = await agent.invoke({ messages: [new HumanMessage("echo")] });
    expect(toolMessages(first.messages)[0]).toMatchObject({ status: "success", content: "one" });

    process.kill(pidOf(source, "basic"), "SIGKILL");
    await waitFor(() => source.state("basic") === "error" && !toolkit.tool("mcp__basic__echo"), {
      message: "basic gave up",
    });

    model.queue(callTool("mcp__basic__echo", { text: "two" }), say("second"));
    const second = await agent.invoke({ messages: [...first.messages, new HumanMessage("echo again")] });
    expect(model.calls[2]?.toolNames).not.toContain("mcp__basic__echo");
    expect(model.calls[2]?.toolNames).toContain("mcp__other__echo");
    const failed = toolMessages(second.messages).at(-1);
    expect(failed).toMatchObject({ name: "mcp__basic__echo", status: "error" });
    expect(failed?.text).toContain("unavailable");
    expect(second.messages.at(-1)?.text).toBe("second");
  });

  it("should tolerate the toolkit's tools also being declared at creation", async () => {
    const source = await sources.loadServers({ lc: "mcp-list-changed" });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([
      callTool("mcp__lc__change_tool", { name: "echo", description: "Echoes, changed" }),
      callTool("mcp__lc__add_tool", { name: "fresh" }),
      say("changed"),
    ]);
    const agent = createAgent({ model, tools: toolkit.tools, middleware: [mcpToolsMiddleware(toolkit)] });
    const first = await agent.invoke({ messages: [new HumanMessage("change echo")] });
    await waitFor(
      () =>
        toolkit.tool("mcp__lc__fresh") && toolkit.tool("mcp__lc__echo")?.description === "Echoes, changed",
    );

    model.queue(callTool("mcp__lc__echo", { text: "still works" }), say("ok"));
    const second = await agent.invoke({ messages: [...first.messages, new HumanMessage("echo")] });
    const names = model.calls[3]?.toolNames ?? [];
    expect(names.filter((name) => name === "mcp__lc__echo")).toHaveLength(1);
    expect(names).toContain("mcp__lc__fresh");
    expect(toolMessages(second.messages).at(-1)).toMatchObject({ content: "still works", status: "success" });
  });

  it("should cancel the MCP call when the agent run is aborted", async () => {
    const dir = makeTempDir();
    const log = join(dir, "basic.log");
    const source = await sources.loadServers({ basic: { fixture: "basic", args: ["--log", log] } });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([
      callTool("mcp__basic__slow", { ms: 10_000, steps: 1 }),
      say("never"),
    ]);
    const controller = new AbortController();
    const run = agentFor(toolkit, model).invoke(
      { messages: [new HumanMessage("be slow")] },
      { signal: controller.signal },
    );
    await waitFor(() => countEvents(log, "call") === 1, { message: "the slow call started" });
    controller.abort(new Error("user pressed stop"));
    await expect(run).rejects.toThrow();
    await waitFor(() => countEvents(log, "cancelled") === 1, { message: "notifications/cancelled" });
    expect(model.calls).toHaveLength(1);
    // The server's last write about the call: its log is done with, so the dir can go.
    await waitFor(() => countEvents(log, "aborted") === 1, { message: "slow stopped" });
    removeTempDir(dir);
  });
});
