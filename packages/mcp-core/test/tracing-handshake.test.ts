// Tracing of the handshake (SPEC §21.1): each initialize (2025 era) and server/discover (2026 era,
// the probe included) a session sends while it opens is a CLIENT span under the context the open
// began in, attributed as the MCP conventions say, with the negotiated revision and, for a 2025-era
// HTTP session, its session id; the server receives the span's context in the request's
// params._meta (SPEC §21.2), and nothing of the kind without a provider. Real fixture servers of both
// eras, stdio and HTTP (their trace_meta tool answers the handshake's _meta they received).
import { type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const CASES = [
  { fixture: "basic", wire: "stdio" },
  { fixture: "basic", wire: "http" },
  { fixture: "modern", wire: "stdio" },
  { fixture: "modern", wire: "http" },
] as const;

/**
 * The whole `_meta` of the last `initialize` and `server/discover` the server received, and the trace
 * headers of their HTTP request (`*Headers`, null on stdio); null: none was received.
 */
type HandshakeMeta = Record<
  "initialize" | "discover" | "initializeHeaders" | "discoverHeaders",
  Record<string, unknown> | null
>;

/** What the fixture's trace_meta tool answers of the handshake. */
async function handshakeSeenBy(source: McpSource): Promise<HandshakeMeta> {
  const result = await toolByRawName(source, "trace_meta", "s").execute({});
  expect(result.isError).toBe(false);
  return (JSON.parse(result.text) as { handshake: HandshakeMeta }).handshake;
}

const serverOf = async (fixture: "basic" | "modern", wire: "stdio" | "http") => {
  const url = wire === "http" ? (await httpFixture(fixture, ["--trace-tool"])).url : undefined;
  return { url, server: url === undefined ? stdioServer(fixture, ["--trace-tool"]) : { url } };
};

const TRACE_KEYS = ["traceparent", "tracestate", "baggage"];

describe.each(CASES)(
  "without a tracer provider, the handshake of $fixture over $wire",
  ({ fixture, wire }) => {
    it("should carry no trace key in params._meta", async () => {
      const { server } = await serverOf(fixture, wire);
      const source = await sources.load({ mcpServers: { s: server } });
      const seen = await handshakeSeenBy(source);
      // The 2026 era's discovery carries its envelope in _meta; the 2025 era's initialize none.
      const received = fixture === "modern" ? seen.discover : seen.initialize;
      expect(received).not.toBeNull();
      for (const key of TRACE_KEYS) {
        expect(received).not.toHaveProperty(key);
        if (seen.discover) expect(seen.discover).not.toHaveProperty(key);
      }
      if (fixture === "basic") expect(seen.initialize).toEqual({});
      // Nor as HTTP headers.
      const headers = fixture === "modern" ? seen.discoverHeaders : seen.initializeHeaders;
      expect(headers).toEqual(wire === "http" ? {} : null);
    });
  },
);

describe("with a tracer provider", () => {
  const exporter = useInMemoryTracing();

  async function loadUnder(
    fixture: "basic" | "modern",
    wire: "stdio" | "http",
  ): Promise<{ source: McpSource; turn: ReadableSpan; port: number | undefined }> {
    const { url, server } = await serverOf(fixture, wire);
    const host = trace.getTracer("host");
    let source: McpSource | undefined;
    await host.startActiveSpan("host load", async (span: Span) => {
      try {
        source = await sources.load({ mcpServers: { s: server } });
      } finally {
        span.end();
      }
    });
    const turn = exporter.getFinishedSpans().find((s) => s.name === "host load") as ReadableSpan;
    return {
      source: source as McpSource,
      turn,
      port: url === undefined ? undefined : Number(new URL(url).port),
    };
  }

  describe.each(CASES)("the handshake of $fixture over $wire", ({ fixture, wire }) => {
    it("should be CLIENT spans under the host's span, attributed exactly", async () => {
      exporter.reset();
      const { turn, port } = await loadUnder(fixture, wire);
      const spans = exporter
        .getFinishedSpans()
        .filter((s) => s.name === "initialize" || s.name === "server/discover");
      for (const span of spans) {
        expect(span.kind).toBe(SpanKind.CLIENT);
        expect(span.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
        expect(span.spanContext().traceId).toBe(turn.spanContext().traceId);
      }
      const common = {
        "toolnexus.mcp.server": "s",
        ...(wire === "http"
          ? {
              "network.transport": "tcp",
              "network.protocol.name": "http",
              "server.address": "127.0.0.1",
              "server.port": port,
            }
          : { "network.transport": "pipe" }),
      };
      const discover = {
        ...common,
        "mcp.method.name": "server/discover",
        "mcp.protocol.version": "2026-07-28",
      };
      if (fixture === "modern") {
        expect(spans.map((s) => s.name)).toEqual(["server/discover"]);
        expect(spans[0]?.attributes).toEqual(discover);
        expect(spans[0]?.status.code).toBe(SpanStatusCode.UNSET);
        return;
      }
      // A 2025-era server refuses the discovery probe (a JSON-RPC error on stdio, HTTP 400 over HTTP).
      expect(spans.map((s) => s.name)).toEqual(["server/discover", "initialize"]);
      const [probe, initialize] = spans;
      expect(probe?.attributes).toEqual(
        wire === "http"
          ? { ...discover, "error.type": "400" }
          : { ...discover, "error.type": "-32601", "rpc.response.status_code": "-32601" },
      );
      expect(probe?.status.code).toBe(SpanStatusCode.ERROR);
      const { "mcp.session.id": session, ...attributes } = initialize?.attributes ?? {};
      expect(attributes).toEqual({
        ...common,
        "mcp.method.name": "initialize",
        "mcp.protocol.version": "2025-11-25",
      });
      if (wire === "http") expect(session).toEqual(expect.any(String));
      else expect(session).toBeUndefined();
      expect(initialize?.status.code).toBe(SpanStatusCode.UNSET);
    });

    it("should send its context to the server in params._meta and, over HTTP, the headers", async () => {
      exporter.reset();
      const { source } = await loadUnder(fixture, wire);
      const seen = await handshakeSeenBy(source);
      const spans = exporter
        .getFinishedSpans()
        .filter((s) => s.name === "initialize" || s.name === "server/discover");
      const traceparentOf = (span: ReadableSpan | undefined) => {
        const { traceId, spanId } = (span as ReadableSpan).spanContext();
        return `00-${traceId}-${spanId}-01`;
      };
      const discover = spans.find((s) => s.name === "server/discover");
      const initialize = spans.find((s) => s.name === "initialize");
      // Over HTTP the same context is the request's traceparent header (SPEC §21.2).
      const asHeader = (traceparent: string) => (wire === "http" ? { traceparent } : null);
      expect(seen.discover?.traceparent).toBe(traceparentOf(discover));
      expect(seen.discoverHeaders).toEqual(asHeader(traceparentOf(discover)));
      if (fixture === "modern") {
        expect(seen.initialize).toBeNull();
        return;
      }
      expect(seen.initialize?.traceparent).toBe(traceparentOf(initialize));
      expect(seen.initializeHeaders).toEqual(asHeader(traceparentOf(initialize)));
      // The probe the 2025-era server refused (-32601 on stdio, HTTP 400) was read all the same.
      // Each request carries its own span's context, in one trace: the host's.
      expect(traceparentOf(discover)).not.toBe(traceparentOf(initialize));
      expect(discover?.spanContext().traceId).toBe(initialize?.spanContext().traceId);
    });
  });
});
