/**
 * Servers that echo a request id, or a progress token, as a string (`"7"` for 7) — a relay in front
 * of a real server rewrites them (hostile `string-ids`). The SDK client matches by `Number(id)`, and
 * so does the core's own call path: the call settles with the server's answer, and each progress
 * report reaches `onProgress` and resets the call's timeout, in both eras.
 */

import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpProgress } from "../src/index.js";
import { unansweredRequests } from "../src/transport/unanswered-requests.js";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const CASES = [
  { inner: "basic", version: "2025-11-25" },
  { inner: "modern", version: "2026-07-28" },
] as const;

describe.each(CASES)("string ids from $inner ($version)", ({ inner, version }) => {
  async function load() {
    const source = await sources.load({ mcpServers: { s: hostileServer("string-ids", { arg: inner }) } });
    expect(source.servers()[0]?.protocolVersion).toBe(version);
    return source;
  }

  it("should settle a call whose response echoes its id as a string", async () => {
    const source = await load();
    const result = await toolByRawName(source, "echo", "s").execute({ text: "hi" }, { timeoutMs: 5_000 });
    expect(result).toMatchObject({ isError: false, text: "hi" });
  });

  it("should pass string progress tokens to onProgress and let them reset the timeout", async () => {
    const source = await load();
    const progress: McpProgress[] = [];
    const result = await toolByRawName(source, "slow", "s").execute(
      { ms: 1_200, steps: 8 },
      { timeoutMs: 500, onProgress: (p) => progress.push(p) },
    );
    expect(result).toMatchObject({ isError: false, text: "done" });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("a Streamable HTTP response stream that ends after a string-id answer", () => {
  it("should count the answer as its request's: no 'unanswered' error follows it", async () => {
    const delivered: JSONRPCMessage[] = [];
    const part = unansweredRequests((message) => delivered.push(message));
    let streamEnd: (() => void) | undefined;
    const request = { jsonrpc: "2.0", id: 7, method: "tools/call", params: {} } as JSONRPCMessage;
    await part.send?.(request, undefined, async (_message, options) => {
      streamEnd = options?.onRequestStreamEnd;
    });
    part.receive?.({ jsonrpc: "2.0", id: "7", result: {} } as JSONRPCMessage);
    streamEnd?.();
    expect(streamEnd).toBeDefined();
    expect(delivered).toStrictEqual([]);
  });
});
