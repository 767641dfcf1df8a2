import { readdirSync } from "node:fs";
import { join } from "node:path";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import {
  countEvents,
  hostileServer,
  makeTempDir,
  removeTempDir,
  sourceLoader,
  waitFor,
} from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { fileToolCache } from "@toolnexus/mcp-core/stores";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { mcpToolsMiddleware } from "../src/agent.js";
import { createLangChainToolkit, type LangChainToolkit } from "../src/index.js";
import {
  callTool,
  type ScriptedCall,
  ScriptedChatModel,
  type ScriptStep,
  say,
} from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
const dirs: string[] = [];
afterEach(async () => {
  await sources.closeAll();
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

const META = ["mcp_search_tools", "mcp_load_tools"];
const BASIC = ["echo", "add", "image", "slow", "fail", "pid", "ask", "ask_url"].map(
  (tool) => `mcp__basic__${tool}`,
);

function agentFor(
  toolkit: LangChainToolkit,
  model: ScriptedChatModel,
  checkpointer: MemorySaver | false = false,
) {
  return createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)], checkpointer });
}

const toolMessages = (messages: unknown[]) =>
  messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));

function tempDir(): string {
  const dir = makeTempDir("toolnexus-lc-defer-");
  dirs.push(dir);
  return dir;
}

/** Loads `config` once so the lazy servers' background discovery fills the cache, then closes. */
async function warmCache(config: object, cacheDir: string): Promise<void> {
  const source = await loadMcp(config as never, { toolCache: fileToolCache(cacheDir) });
  try {
    await waitFor(() => readdirSync(cacheDir).some((file) => file.endsWith(".json")), {
      message: "the lazy server's cache entry",
    });
  } finally {
    await source.close();
  }
}

describe("deferred loading with createAgent", () => {
  it("should search, load and call a tool of a lazy server it never spawned before the call", async () => {
    const dir = tempDir();
    const log = join(dir, "files.log");
    const config = {
      mcpServers: { files: { ...hostileServer("annotated", { args: ["--log", log] }), lazy: true } },
    };
    await warmCache(config, dir);
    expect(countEvents(log, "start")).toBe(1);

    const source = await sources.load(config, { toolCache: fileToolCache(dir) });
    const toolkit = createLangChainToolkit(source, { deferLoading: {} });
    let startsAtCall = -1;
    const model = new ScriptedChatModel([
      callTool("mcp_search_tools", { query: "delete a file" }),
      callTool("mcp_load_tools", { names: ["mcp__files__delete_file"] }),
      (call) => {
        startsAtCall = countEvents(log, "start");
        return callTool("mcp__files__delete_file", { path: "old.txt" })(call);
      },
      say("deleted"),
    ]);
    const result = await agentFor(toolkit, model).invoke({ messages: [new HumanMessage("delete old.txt")] });

    // Every tool waits behind the search until this conversation loads it.
    expect(model.calls.map((call) => call.toolNames)).toEqual([
      META,
      META,
      ["mcp__files__delete_file", ...META],
      ["mcp__files__delete_file", ...META],
    ]);
    const [search, load, deleted] = toolMessages(result.messages);
    expect(search?.status).toBe("success");
    expect(search?.text.split("\n")[0]).toBe(
      "- mcp__files__delete_file: Deletes a file from the store for good",
    );
    expect(search?.artifact).toMatchObject({ structuredContent: { tools: expect.any(Array) } });
    expect(load).toMatchObject({ status: "success", name: "mcp_load_tools" });
    expect(load?.text).toBe("Loaded: mcp__files__delete_file. You can call them from your next step on.");
    expect(deleted).toMatchObject({ status: "success", content: "deleted old.txt" });
    // Searching and loading started nothing: the one start before the call was the warm-up's.
    expect(startsAtCall).toBe(1);
    expect(countEvents(log, "start")).toBe(2);
    expect(toolkit.tools.map((tool) => tool.name)).toContain("mcp__files__read_file");
  });

  it("should keep each thread's loads to itself when two runs share one agent", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source, { deferLoading: {} });
    // Neither run goes past its second model call before both got there (both loads are then in
    // their threads' states), so each run's third call is offered its tools after the other loaded.
    const arrived: Record<string, () => void> = {};
    const reached = (thread: string) => new Promise<void>((resolve) => (arrived[thread] = resolve));
    const second = { a: reached("a"), b: reached("b") };
    const plans: Record<string, { tool: string; args: Record<string, unknown> }> = {
      a: { tool: "mcp__basic__echo", args: { text: "from a" } },
      b: { tool: "mcp__basic__add", args: { a: 2, b: 3 } },
    };
    const seen: Record<string, string[][]> = { a: [], b: [] };
    const route: ScriptStep = async (call: ScriptedCall) => {
      const thread = call.messages[0]?.text as "a" | "b";
      const plan = plans[thread] as { tool: string; args: Record<string, unknown> };
      const step = call.messages.filter((m) => AIMessage.isInstance(m)).length;
      seen[thread]?.push(call.toolNames);
      if (step === 0) return callTool("mcp_load_tools", { names: [plan.tool] })(call);
      if (step === 1) {
        arrived[thread]?.();
        await Promise.all([second.a, second.b]);
        return callTool(plan.tool, plan.args)(call);
      }
      return say(`${thread} done`)(call);
    };
    const model = new ScriptedChatModel(Array.from({ length: 6 }, () => route));
    const agent = agentFor(toolkit, model, new MemorySaver());

    const [a, b] = await Promise.all(
      ["a", "b"].map((thread) =>
        agent.invoke(
          { messages: [new HumanMessage(thread)] },
          { configurable: { thread_id: `thread-${thread}` } },
        ),
      ),
    );
    expect(seen.a).toEqual([META, ["mcp__basic__echo", ...META], ["mcp__basic__echo", ...META]]);
    expect(seen.b).toEqual([META, ["mcp__basic__add", ...META], ["mcp__basic__add", ...META]]);
    expect(toolMessages(a?.messages ?? []).at(-1)).toMatchObject({ status: "success", content: "from a" });
    expect(toolMessages(b?.messages ?? []).at(-1)).toMatchObject({ status: "success", content: "5" });
  });

  it("should defer only when the source holds more tools than the threshold", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const over = createLangChainToolkit(source, { deferLoading: { threshold: 7 } });
    const under = createLangChainToolkit(source, { deferLoading: { threshold: 8 } });
    const conversation = [new HumanMessage("hi")];

    expect(over.toolsFor(conversation).map((tool) => tool.name)).toEqual(META);
    expect(under.toolsFor(conversation)).toBe(under.tools);
    expect(under.tools.map((tool) => tool.name)).toEqual(BASIC);
  });

  it("should follow the source's deferLoading unless the toolkit overrides it", async () => {
    const source = await sources.loadServers({ basic: "basic" }, { deferLoading: {} });
    const conversation = [new HumanMessage("hi")];
    expect(
      createLangChainToolkit(source)
        .toolsFor(conversation)
        .map((tool) => tool.name),
    ).toEqual(META);
    const off = createLangChainToolkit(source, { deferLoading: { enabled: false } });
    expect(off.toolsFor(conversation)).toBe(off.tools);
  });
});

describe("toolsFor and runToolCall without an agent", () => {
  it("should offer what the messages loaded and run the meta-tools like any tool", async () => {
    const source = await sources.loadServers({ basic: "basic" });
    const toolkit = createLangChainToolkit(source, { deferLoading: {} });
    const messages: BaseMessage[] = [new HumanMessage("sum 2 and 3")];
    expect(toolkit.toolsFor(messages).map((tool) => tool.name)).toEqual(META);
    expect(toolkit.tools.map((tool) => tool.name)).toEqual(BASIC);

    const loadCall = {
      name: "mcp_load_tools",
      args: { names: ["mcp__basic__add", "mcp__basic__ad"] },
      id: "l1",
    };
    messages.push(new AIMessage({ content: "", tool_calls: [loadCall] }));
    const loaded = await toolkit.runToolCall(loadCall);
    expect(loaded.status).toBe("success");
    expect(loaded.text).toContain('No tool named "mcp__basic__ad". Did you mean: mcp__basic__add');
    expect(toolkit.toolsFor(messages).map((tool) => tool.name)).toEqual(["mcp__basic__add", ...META]);

    const nothing = await toolkit.runToolCall({
      name: "mcp_load_tools",
      args: { names: ["nope"] },
      id: "l2",
    });
    expect(nothing.status).toBe("error");
    const bad = await toolkit.runToolCall({ name: "mcp_search_tools", args: { query: "" }, id: "s1" });
    expect(bad.status).toBe("error");
    // A deferred tool stays callable by name, loaded or not.
    const echo = await toolkit.runToolCall({ name: "mcp__basic__echo", args: { text: "hi" }, id: "e1" });
    expect(echo).toMatchObject({ status: "success", content: "hi" });
    expect(toolkit.tool("mcp_search_tools")?.name).toBe("mcp_search_tools");
    // An unknown name gets close names and the meta-tools, not the whole deferred catalog.
    const typo = await toolkit.runToolCall({ name: "mcp__basic__eco", args: {}, id: "t1" });
    expect(typo.text).toBe(
      "Error: mcp__basic__eco is not a valid tool, try one of [mcp__basic__echo, mcp__basic__add, mcp__basic__ask, mcp_search_tools, mcp_load_tools].",
    );
  });
});
