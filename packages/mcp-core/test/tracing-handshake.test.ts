// Tracing of the handshake (SPEC §21.1): each initialize (2025 era) and server/discover (2026 era,
// the probe included) a session sends while it opens is a CLIENT span under the context the open
// began in, attributed as the MCP conventions say, with the negotiated revision and, for a 2025-era
// HTTP session, its session id. Real fixture servers of both eras, stdio and HTTP.
import { type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const exporter = useInMemoryTracing();

const CASES = [
  { fixture: "basic", wire: "stdio" },
  { fixture: "basic", wire: "http" },
  { fixture: "modern", wire: "stdio" },
  { fixture: "modern", wire: "http" },
] as const;

async function loadUnder(
  fixture: "basic" | "modern",
  wire: "stdio" | "http",
): Promise<{ source: McpSource; turn: ReadableSpan; port: number | undefined }> {
  const url = wire === "http" ? (await httpFixture(fixture)).url : undefined;
  const server = url === undefined ? stdioServer(fixture) : { url };
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
});
