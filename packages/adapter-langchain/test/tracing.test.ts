// A LangChain run under the host's active OpenTelemetry span (SPEC §21.1): the core's `tools/call`
// span of the tool the agent runs is a child of that span, a tool invoked directly inside a span
// the host made active likewise, and the server (the basic fixture, a real process) receives the
// call span's trace. In-memory exporter; a scripted chat model.
import { HumanMessage } from "@langchain/core/messages";
import { context, type Span, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createAgent } from "langchain";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mcpToolsMiddleware } from "../src/agent.js";
import { createLangChainToolkit } from "../src/index.js";
import { callTool, ScriptedChatModel, say } from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("tracing through LangChain", () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    context.setGlobalContextManager(contextManager.enable());
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    trace.disable();
    context.disable();
    await provider.shutdown();
  });
  beforeEach(() => exporter.reset());

  const host = trace.getTracer("host");
  const inSpan = <T>(name: string, fn: () => Promise<T>): Promise<T> =>
    host.startActiveSpan(name, async (span: Span) => {
      try {
        return await fn();
      } finally {
        span.end();
      }
    });
  const spanNamed = (name: string): ReadableSpan | undefined =>
    exporter.getFinishedSpans().find((span) => span.name === name);
  const traceparentOf = (span: ReadableSpan | undefined) =>
    `00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`;

  it("should nest the MCP call's span under the span an agent run is invoked in", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic", ["--trace-tool"]) });
    const toolkit = createLangChainToolkit(source);
    const model = new ScriptedChatModel([callTool("mcp__basic__trace_meta", {}), say("done")]);
    const agent = createAgent({ model, tools: [], middleware: [mcpToolsMiddleware(toolkit)] });
    const result = await inSpan("agent run", () => agent.invoke({ messages: [new HumanMessage("go")] }));
    expect(result.messages.at(-1)?.text).toBe("done");
    const run = spanNamed("agent run");
    const mcp = spanNamed("tools/call trace_meta");
    expect(mcp?.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
    expect(mcp?.spanContext().traceId).toBe(run?.spanContext().traceId);
    const toolMessage = result.messages.find((m) => m.getType() === "tool");
    const seen = JSON.parse(String(toolMessage?.content)) as { meta: { traceparent?: string } };
    expect(seen.meta.traceparent).toBe(traceparentOf(mcp));
  });

  it("should nest a tool invoked directly under the span the host made active", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic", ["--trace-tool"]) });
    const tool = createLangChainToolkit(source).tool("mcp__basic__trace_meta");
    const output = await inSpan("tool turn", () => tool?.invoke({}) ?? Promise.reject(new Error("no tool")));
    const turn = spanNamed("tool turn");
    const mcp = spanNamed("tools/call trace_meta");
    expect(mcp?.parentSpanContext?.spanId).toBe(turn?.spanContext().spanId);
    const seen = JSON.parse(String(output)) as { meta: { traceparent?: string } };
    expect(seen.meta.traceparent).toBe(traceparentOf(mcp));
  });
});
