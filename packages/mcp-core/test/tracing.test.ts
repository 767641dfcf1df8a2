// Tracing (SPEC "Tracing"): with a tracer provider registered, each tools/call is a CLIENT span
// named and attributed as the OpenTelemetry MCP conventions say, nested under the host's active
// span, and the server receives its context in params._meta (and as HTTP headers on Streamable
// HTTP); without one, nothing is added. Real fixture servers of both eras, stdio and HTTP.
import {
  context,
  metrics,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const CASES = [
  { fixture: "basic", wire: "stdio", version: "2025-11-25", session: false },
  { fixture: "basic", wire: "http", version: "2025-11-25", session: true },
  { fixture: "modern", wire: "stdio", version: "2026-07-28", session: false },
  { fixture: "modern", wire: "http", version: "2026-07-28", session: false },
] as const;
type Case = (typeof CASES)[number];

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

interface Seen {
  meta: Record<string, string>;
  headers: Record<string, string>;
  metaKeys: string[];
}

async function load({ fixture, wire }: Case): Promise<{ source: McpSource; port: number | undefined }> {
  if (wire === "http") {
    const { url } = await httpFixture(fixture, ["--trace-tool"]);
    const source = await sources.load({ mcpServers: { s: { url } } });
    return { source, port: Number(new URL(url).port) };
  }
  const source = await sources.load({ mcpServers: { s: stdioServer(fixture, ["--trace-tool"]) } });
  return { source, port: undefined };
}

async function seenBy(source: McpSource): Promise<Seen> {
  const result = await toolByRawName(source, "trace_meta", "s").execute({});
  expect(result.isError).toBe(false);
  return JSON.parse(result.text) as Seen;
}

describe("without a tracer provider", () => {
  it.each(CASES)("should add no trace keys on $fixture over $wire", async (c) => {
    const { source } = await load(c);
    const seen = await seenBy(source);
    expect(seen.meta).toEqual({});
    expect(seen.headers).toEqual({});
  });
});

describe("with a tracer provider", () => {
  const exporter = useInMemoryTracing();

  const callSpans = (tool: string): ReadableSpan[] =>
    exporter.getFinishedSpans().filter((span) => span.name === `tools/call ${tool}`);

  describe.each(CASES)("on $fixture over $wire", (c) => {
    it("should send the span's context to the server and attribute the span exactly", async () => {
      exporter.reset();
      const { source, port } = await load(c);
      const seen = await seenBy(source);
      const [span] = callSpans("trace_meta");
      expect(span).toBeDefined();
      // The listing's page request is a span of its own, on the same server.
      const list = exporter.getFinishedSpans().find((listed) => listed.name === "tools/list");
      expect(list?.kind).toBe(SpanKind.CLIENT);
      expect(list?.attributes).toMatchObject({
        "mcp.method.name": "tools/list",
        "toolnexus.mcp.server": "s",
      });
      const { traceId, spanId } = (span as ReadableSpan).spanContext();
      expect(seen.meta.traceparent).toBe(`00-${traceId}-${spanId}-01`);
      if (c.wire === "http") expect(seen.headers.traceparent).toBe(seen.meta.traceparent);
      else expect(seen.headers).toEqual({});
      expect(span?.kind).toBe(SpanKind.CLIENT);
      expect(span?.status.code).toBe(SpanStatusCode.UNSET);
      const attributes = { ...span?.attributes };
      const sessionId = attributes["mcp.session.id"];
      if (c.session) expect(sessionId).toEqual(expect.any(String));
      delete attributes["mcp.session.id"];
      expect(attributes).toEqual({
        "mcp.method.name": "tools/call",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "trace_meta",
        "mcp.protocol.version": c.version,
        "toolnexus.mcp.server": "s",
        ...(c.wire === "http"
          ? {
              "network.transport": "tcp",
              "network.protocol.name": "http",
              "server.address": "127.0.0.1",
              "server.port": port,
            }
          : { "network.transport": "pipe" }),
      });
    });

    it("should send the span's trace keys, not a tenant's, with the call's own _meta and headers (SPEC §23.1)", async () => {
      exporter.reset();
      const { source } = await load(c);
      const forged = "00-11111111111111111111111111111111-2222222222222222-01";
      const result = await toolByRawName(source, "trace_meta", "s").execute(
        {},
        {
          _meta: { traceparent: forged, tracestate: "evil=1", runId: "r1" },
          headers: { traceparent: forged, baggage: "user=admin", "x-run-id": "r1" },
        },
      );
      const seen = JSON.parse(result.text) as Seen & { allMeta: Record<string, unknown> };
      const [span] = callSpans("trace_meta");
      const { traceId, spanId } = (span as ReadableSpan).spanContext();
      expect(seen.meta).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
      expect(seen.allMeta.runId).toBe("r1");
      if (c.wire === "http") expect(seen.headers).toEqual({ traceparent: seen.meta.traceparent });
    });

    it("should end a failed call's span with error.type and status ERROR", async () => {
      exporter.reset();
      const { source } = await load(c);
      const failed = await toolByRawName(source, "fail", "s").execute({ message: "no" });
      expect(failed.error?.code).toBe("TOOL_ERROR");
      const timedOut = await toolByRawName(source, "slow", "s").execute({ ms: 20_000 }, { timeoutMs: 200 });
      expect(timedOut.error?.code).toBe("TIMEOUT");
      const [failSpan] = callSpans("fail");
      expect(failSpan?.attributes["error.type"]).toBe("tool_error");
      expect(failSpan?.status.code).toBe(SpanStatusCode.ERROR);
      const [slowSpan] = callSpans("slow");
      expect(slowSpan?.attributes["error.type"]).toBe("timeout");
      expect(slowSpan?.status.code).toBe(SpanStatusCode.ERROR);
    });
  });

  it("should trace resources/read and prompts/get as CLIENT spans under the host's span", async () => {
    exporter.reset();
    const source = await sources.load({ mcpServers: { s: stdioServer("modern", ["--resources"]) } });
    const host = trace.getTracer("host");
    await host.startActiveSpan("host turn", async (span: Span) => {
      try {
        expect((await source.readResource("s", "text://greeting")).isError).toBe(false);
        expect((await source.getPrompt("s", "greet", { name: "Ada" })).isError).toBe(false);
        expect((await source.getPrompt("s", "no_such_prompt")).isError).toBe(true);
      } finally {
        span.end();
      }
    });
    const spans = exporter.getFinishedSpans();
    const [turn] = spans.filter((s) => s.name === "host turn");
    const read = spans.find((s) => s.name === "resources/read");
    const prompts = spans.filter((s) => s.name.startsWith("prompts/get"));
    expect(read?.kind).toBe(SpanKind.CLIENT);
    expect(read?.parentSpanContext?.spanId).toBe(turn?.spanContext().spanId);
    expect(read?.attributes).toEqual({
      "mcp.method.name": "resources/read",
      "mcp.resource.uri": "text://greeting",
      "mcp.protocol.version": "2026-07-28",
      "network.transport": "pipe",
      "toolnexus.mcp.server": "s",
    });
    expect(prompts.map((s) => s.name)).toEqual(["prompts/get greet", "prompts/get no_such_prompt"]);
    expect(prompts[0]?.attributes["gen_ai.prompt.name"]).toBe("greet");
    expect(prompts[0]?.status.code).toBe(SpanStatusCode.UNSET);
    expect(prompts[1]?.attributes["error.type"]).toEqual(expect.any(String));
    expect(prompts[1]?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("should record mcp.client.operation.duration once a meter provider is registered", async () => {
    class Reader extends MetricReader {
      protected onForceFlush = async () => {};
      protected onShutdown = async () => {};
    }
    const reader = new Reader();
    const meters = new MeterProvider({ readers: [reader] });
    metrics.setGlobalMeterProvider(meters);
    try {
      const { source } = await load(CASES[0]);
      await seenBy(source);
      const { resourceMetrics } = await reader.collect();
      const all = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
      const duration = all.find((metric) => metric.descriptor.name === "mcp.client.operation.duration");
      expect(duration?.descriptor.unit).toBe("s");
      const call = duration?.dataPoints.find((point) => point.attributes["mcp.method.name"] === "tools/call");
      expect(call?.attributes).toMatchObject({
        "gen_ai.tool.name": "trace_meta",
        "toolnexus.mcp.server": "s",
      });
      expect(call?.value).toMatchObject({ count: 1 });
    } finally {
      metrics.disable();
      await meters.shutdown();
    }
  });

  it("should run the host's elicitation handler in the trace the server's request carries", async () => {
    let active:
      | { traceId: string; spanId: string; isRemote?: boolean | undefined; state?: string | undefined }
      | undefined;
    const source = await sources.load(
      { mcpServers: { s: stdioServer("basic", ["--trace-tool"]) } },
      {
        onElicitation: async () => {
          const spanContext = trace.getActiveSpan()?.spanContext();
          if (spanContext) {
            const { traceId, spanId, isRemote } = spanContext;
            active = { traceId, spanId, isRemote, state: spanContext.traceState?.serialize() };
          }
          return { action: "decline" };
        },
      },
    );
    const result = await toolByRawName(source, "trace_ask", "s").execute({});
    expect(result.text).toBe('{"action":"decline"}');
    expect(active).toEqual({
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "b7ad6b7169203331",
      isRemote: true,
      state: "srv=1",
    });
  });

  it("should nest the call's span under the host's active span and carry its baggage", async () => {
    exporter.reset();
    const { source } = await load(CASES[0]);
    const tracer = trace.getTracer("host");
    const baggage = propagation.createBaggage({ "run.id": { value: "r 1" } });
    const seen = await tracer.startActiveSpan("host turn", async (host: Span) => {
      try {
        return await context.with(propagation.setBaggage(context.active(), baggage), () => seenBy(source));
      } finally {
        host.end();
      }
    });
    const [span] = callSpans("trace_meta");
    const [host] = exporter.getFinishedSpans().filter((s) => s.name === "host turn");
    expect(span?.spanContext().traceId).toBe(host?.spanContext().traceId);
    expect(span?.parentSpanContext?.spanId).toBe(host?.spanContext().spanId);
    expect(seen.meta.baggage).toBe("run.id=r%201");
  });
});
