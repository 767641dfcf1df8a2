// The session's transport wraps the real one: the SDK client connects to the wrapper and never
// sees the real transport, so the core's interposers (result tagging, the log level, unanswered
// requests) depend on no detail of how the SDK sets or chains transport handlers. These tests hold
// that against a real client and real fixture servers: if a new SDK reached past the wrapper, or
// a message passed an interposer twice (or skipped one), they fail.
import type { Client, JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ChildProcessTransport } from "../src/transport/child-process-transport.js";
import { createHttpTransport } from "../src/transport/http-transport.js";
import { InterposedTransport, type TransportPart } from "../src/transport/interposed-transport.js";
import { newSessionClient } from "../src/transport/session-client.js";
import { sessionParts } from "../src/transport/session-transport.js";
import { failOnUnhandledRejections, httpFixture } from "./support/harness.js";

failOnUnhandledRejections();

const TIMEOUT_MS = 10_000;

/** What one part saw, in order. */
interface Seen {
  inbound: JSONRPCMessage[];
  outbound: JSONRPCMessage[];
}

/** The part, recording every message it is given. */
function recorded(part: TransportPart, seen: Seen): TransportPart {
  return {
    receive(message) {
      seen.inbound.push(message);
      return part.receive ? part.receive(message) : message;
    },
    send(message, options, next) {
      seen.outbound.push(message);
      return part.send ? part.send(message, options, next) : next(message, options);
    },
  };
}

const key = (message: JSONRPCMessage) =>
  `${"method" in message ? message.method : "response"}#${"id" in message ? String(message.id) : "-"}`;

/** A tool call's result, as loosely as the core reads it. */
const CallResult = z.looseObject({
  content: z.array(z.looseObject({ text: z.string().optional() })),
  resultType: z.string().optional(),
});

/**
 * Connects a session client (era negotiated, `protocol: "auto"`) to the session transport around
 * `inner`, every part recorded, and calls the tool `tool` once.
 */
async function connectThrough(inner: Transport, kind: "stdio" | "http", tool: string) {
  const client: Client = newSessionClient({
    protocol: "auto",
    transport: kind,
    timeoutMs: TIMEOUT_MS,
    clientHandlers: {},
    onListChanged: undefined,
  });
  const parts = sessionParts({ client, streamable: kind === "http", minLogLevel: () => "debug" });
  const seen: Seen[] = [];
  const transport = new InterposedTransport(inner, (answer) =>
    parts(answer).map((part) => {
      const record: Seen = { inbound: [], outbound: [] };
      seen.push(record);
      return recorded(part, record);
    }),
  );
  const installed = { onmessage: inner.onmessage, onerror: inner.onerror, onclose: inner.onclose };
  // What the real transport sends and what the client receives, once connected.
  const sent: JSONRPCMessage[] = [];
  const innerSend = inner.send.bind(inner);
  inner.send = (message, options) => {
    sent.push(message);
    return innerSend(message, options);
  };
  await client.connect(transport, { timeout: TIMEOUT_MS });
  const connectedAt = seen.map((part) => part.inbound.length);
  const delivered: JSONRPCMessage[] = [];
  const sdkHandler = transport.onmessage;
  expect(sdkHandler).toBeTypeOf("function");
  transport.onmessage = (message, extra) => {
    delivered.push(message);
    sdkHandler?.(message, extra);
  };
  const called = await client.request(
    { method: "tools/call", params: { name: tool, arguments: {} } },
    CallResult,
    { timeout: TIMEOUT_MS },
  );
  return { client, transport, installed, seen, connectedAt, sent, delivered, called };
}

function expectEachPartOnce(result: Awaited<ReturnType<typeof connectThrough>>, parts: number): void {
  const { transport, installed, seen, connectedAt, sent, delivered } = result;
  // The real transport's handlers are still the wrapper's: the client set only the wrapper's.
  expect(installed.onmessage).toBeTypeOf("function");
  expect(transport.inner.onmessage).toBe(installed.onmessage);
  expect(transport.inner.onerror).toBe(installed.onerror);
  expect(transport.inner.onclose).toBe(installed.onclose);
  expect(seen).toHaveLength(parts);
  for (const [index, part] of seen.entries()) {
    // Every message sent (the era probe and the handshake too) passed each part once.
    expect(part.outbound.map(key)).toEqual(sent.map(key));
    // Every message received since connect passed each part once before the client got it…
    expect(part.inbound.slice(connectedAt[index]).map(key)).toEqual(delivered.map(key));
    // …and each response before it (the probe's, the handshake's) once.
    const responses = part.inbound.map(key).filter((k) => k.startsWith("response#"));
    expect(new Set(responses).size).toBe(responses.length);
    expect(part.inbound.map(key)).toEqual(seen[0]?.inbound.map(key));
  }
  const call = toolCall(sent);
  expect(delivered.map(key)).toContain(`response#${String(call.id)}`);
}

/** The one `tools/call` request the real transport sent. */
function toolCall(sent: JSONRPCMessage[]): { id: unknown; params?: { _meta?: unknown } } {
  const calls = sent.filter((message) => "method" in message && message.method === "tools/call");
  expect(calls).toHaveLength(1);
  return calls[0] as { id: unknown; params?: { _meta?: unknown } };
}

describe("the session transport around a real transport", () => {
  it("should keep the stdio child's handlers and pass each message through each part once", async () => {
    // A modern server that offers logging and answers with the log level its request carried.
    const { command, args } = hostileServer("log-levels", { arg: "modern" });
    const inner = new ChildProcessTransport({
      command,
      args,
      env: { PATH: process.env.PATH ?? "" },
      cwd: undefined,
      killGraceMs: 2000,
      keepAlive: false,
      maxFrameBytes: 1 << 20,
      server: "modern",
      onStdoutNoise: undefined,
    });
    const result = await connectThrough(inner, "stdio", "emit_logs");
    try {
      expect(result.client.getProtocolEra()).toBe("modern");
      // result tagging and the log level (no unanswered requests on stdio)
      expectEachPartOnce(result, 2);
      expect(toolCall(result.sent).params?._meta).toMatchObject({
        "io.modelcontextprotocol/logLevel": "debug",
      });
      expect(result.called.content[0]?.text).toBe("logLevel:debug");
    } finally {
      await result.client.close();
    }
  });

  it("should keep the HTTP transport's handlers and tag an untagged result once", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "modern-json-only"]);
    const inner = createHttpTransport(
      {
        server: "modern",
        url: fixture.url,
        headers: async () => ({}),
        auth: undefined,
        onFatal: () => {},
        maxFrameBytes: 1 << 20,
      },
      "streamable",
    );
    const result = await connectThrough(inner, "http", "bare");
    try {
      expect(result.client.getProtocolEra()).toBe("modern");
      // result tagging, the log level, unanswered requests
      expectEachPartOnce(result, 3);
      // The server leaves the result untagged: the first part saw it so, the next ones (and the
      // client, which would refuse an untagged modern result) got it tagged.
      const results = result.seen.map(
        (part) => (part.inbound.at(-1) as { result?: Record<string, unknown> } | undefined)?.result,
      );
      expect(results.map((r) => r?.resultType)).toEqual([undefined, "complete", "complete"]);
      expect(result.called.content[0]?.text).toBe("bare");
    } finally {
      await result.client.close();
    }
  });
});
