// A failed tools/call's span (SPEC §21.1, issue 44 goal 5): the attribute set is exact, error.type
// says how it failed (a JSON-RPC error's code, also as rpc.response.status_code; an isError result
// `tool_error`), the status is ERROR with the error's text. The mcp-list-changed fixture (a real
// process, stdio and HTTP) answers `remove_tool` of a control tool with JSON-RPC error -32602.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";
import { useInMemoryTracing } from "./support/in-memory-tracing.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const exporter = useInMemoryTracing();

async function load(wire: "stdio" | "http"): Promise<{ source: McpSource; wireAttributes: object }> {
  if (wire === "stdio") {
    const source = await sources.load({ mcpServers: { s: stdioServer("mcp-list-changed") } });
    return { source, wireAttributes: { "network.transport": "pipe" } };
  }
  const { url } = await httpFixture("mcp-list-changed");
  const source = await sources.load({ mcpServers: { s: { url } } });
  const wireAttributes = {
    "network.transport": "tcp",
    "network.protocol.name": "http",
    "server.address": "127.0.0.1",
    "server.port": Number(new URL(url).port),
  };
  return { source, wireAttributes };
}

/** The span's attributes without the session id (present on a 2025-era HTTP session only). */
function attributesOf(span: ReadableSpan | undefined): Record<string, unknown> {
  const { "mcp.session.id": _session, ...rest } = span?.attributes ?? {};
  return rest;
}

describe.each(["stdio", "http"] as const)("a failed tools/call over %s", (wire) => {
  it("should carry exactly the call's attributes plus error.type (and the JSON-RPC code)", async () => {
    exporter.reset();
    const { source, wireAttributes } = await load(wire);
    const common = {
      "mcp.method.name": "tools/call",
      "gen_ai.operation.name": "execute_tool",
      "mcp.protocol.version": "2025-11-25",
      "toolnexus.mcp.server": "s",
      ...wireAttributes,
    };
    const refused = await toolByRawName(source, "remove_tool", "s").execute({ name: "add_tool" });
    expect(refused.isError).toBe(true);
    const notThere = await toolByRawName(source, "remove_tool", "s").execute({ name: "no_such_tool" });
    expect(notThere.isError).toBe(true);
    const [rpc, toolError] = exporter.getFinishedSpans().filter((s) => s.name === "tools/call remove_tool");
    expect(rpc?.kind).toBe(SpanKind.CLIENT);
    expect(attributesOf(rpc)).toEqual({
      ...common,
      "gen_ai.tool.name": "remove_tool",
      "error.type": "-32602",
      "rpc.response.status_code": "-32602",
    });
    expect(rpc?.status.code).toBe(SpanStatusCode.ERROR);
    expect(rpc?.status.message).toEqual(expect.any(String));
    expect(attributesOf(toolError)).toEqual({
      ...common,
      "gen_ai.tool.name": "remove_tool",
      "error.type": "tool_error",
    });
    expect(toolError?.status).toEqual({ code: SpanStatusCode.ERROR, message: notThere.error?.message });
  });
});
