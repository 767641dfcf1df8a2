// The `context` option (SPEC §23.2): the RunnableConfig a tool runs with (an agent's `configurable`
// passed down to its tools) mapped into each MCP call's tenant, `_meta` and headers, against the
// basic fixture over Streamable HTTP (a real process whose `trace_meta` answers what it received).
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { sourceLoader, startHttpFixture, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createAgent } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { mcpToolsMiddleware } from "../src/agent.js";
import { createLangChainToolkit, toLangChainTools } from "../src/index.js";
import { callTool, ScriptedChatModel, say } from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await sources.closeAll();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

interface Seen {
  allMeta: Record<string, unknown>;
  allHeaders: Record<string, string>;
}

async function httpSource() {
  const fixture = await startHttpFixture("basic", ["--trace-tool"]);
  stops.push(() => fixture.stop());
  return sources.loadServers({ basic: { url: fixture.url } });
}

/** The host's mapping: the run's user and thread from `configurable`. */
const fromConfigurable = (config: RunnableConfig) => {
  const { userId, thread_id } = (config.configurable ?? {}) as { userId?: string; thread_id?: string };
  return {
    tenant: userId,
    _meta: { "example.com/thread": thread_id },
    headers: { "X-Tenant": userId ?? "" },
  };
};

const traceCall = { type: "tool_call" as const, id: "c1", name: "mcp__basic__trace_meta", args: {} };

describe("the LangChain adapter's context option", () => {
  it("should send an agent run's configurable as the call's _meta and headers", async () => {
    const source = await httpSource();
    const toolkit = createLangChainToolkit(source, { context: fromConfigurable });
    const agent = (model: ScriptedChatModel) =>
      createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });
    const runFor = async (userId: string, thread_id: string) => {
      const model = new ScriptedChatModel([callTool("mcp__basic__trace_meta", {}), say("done")]);
      const result = await agent(model).invoke(
        { messages: [new HumanMessage("go")] },
        { configurable: { userId, thread_id } },
      );
      const [message] = result.messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
      return JSON.parse(message?.text ?? "{}") as Seen;
    };
    const [alice, bob] = await Promise.all([runFor("alice", "t1"), runFor("bob", "t2")]);
    expect(alice.allMeta).toEqual({ "example.com/thread": "t1" });
    expect(alice.allHeaders["x-tenant"]).toBe("alice");
    expect(bob.allMeta).toEqual({ "example.com/thread": "t2" });
    expect(bob.allHeaders["x-tenant"]).toBe("bob");
  });

  it("should give each user of an agent a child of its own on a perTenant server", async () => {
    const source = await sources.loadServers(
      { notes: { ...stdioServer("basic"), env: { USER_TOKEN: "none" }, perTenant: {} } },
      { tenantEnv: (_server, tenant) => ({ USER_TOKEN: `token-of-${tenant}` }) },
    );
    const toolkit = createLangChainToolkit(source, { context: fromConfigurable });
    const runFor = async (userId: string) => {
      const model = new ScriptedChatModel([callTool("mcp__notes__pid", {}), say("done")]);
      const agent = createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });
      const result = await agent.invoke(
        { messages: [new HumanMessage("go")] },
        { configurable: { userId, thread_id: "t" } },
      );
      const [message] = result.messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m));
      return Number(message?.text);
    };
    const [alice, bob, aliceAgain] = await Promise.all([runFor("alice"), runFor("bob"), runFor("alice")]);
    expect(alice).toBeGreaterThan(0);
    expect(bob).not.toBe(alice);
    expect(aliceAgain).toBe(alice);
    expect(source.servers()[0]?.tenantInstances).toBe(2);
  });

  it("should not let the mapped context take the library's keys", async () => {
    const source = await httpSource();
    const [tool] = toLangChainTools(source, {
      context: () => ({
        _meta: { progressToken: "p", "io.modelcontextprotocol/related-task": { taskId: "x" } },
        headers: { authorization: "Bearer stolen", cookie: "sid=1" },
      }),
    }).filter((t) => t.name === "mcp__basic__trace_meta");
    const message = (await tool?.invoke(traceCall)) as ToolMessage;
    const seen = JSON.parse(message.text) as Seen;
    expect(seen.allMeta).toEqual({});
    expect(seen.allHeaders.authorization).toBeUndefined();
    expect(seen.allHeaders.cookie).toBeUndefined();
  });

  it("should end the call as an error ToolMessage when the mapping throws or cannot be sent", async () => {
    const source = await httpSource();
    const pick = (tools: ReturnType<typeof toLangChainTools>) => tools.find((t) => t.name === traceCall.name);
    const throwing = pick(
      toLangChainTools(source, {
        context: () => {
          throw new Error("secret-in-host-error");
        },
      }),
    );
    const failed = (await throwing?.invoke(traceCall)) as ToolMessage;
    expect(failed.status).toBe("error");
    expect(failed.text).toContain("was not sent");
    expect(failed.text).not.toContain("secret-in-host-error");
    const smuggling = pick(
      toLangChainTools(source, { context: () => ({ headers: { "x-a": "1\nX-B: 2" } }) }),
    );
    const refused = (await smuggling?.invoke(traceCall)) as ToolMessage;
    expect(refused.status).toBe("error");
    expect(refused.text).toContain('header "x-a"');
    expect(() => toLangChainTools(source, { context: "configurable" as never })).toThrow(
      /option "context": expected a function/,
    );
  });
});
