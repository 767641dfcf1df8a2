import { getEventListeners } from "node:events";
import { readLog, stdioServer, tinyPngBase64, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpProgress, McpSource, McpTool } from "../src/index.js";
import { toolByRawName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

/** Loads the basic fixture as server "basic", logging to a fresh file. */
async function loadBasic(): Promise<{ source: McpSource; log: string; tool: (raw: string) => McpTool }> {
  const { source, log } = await sources.loadFixture("basic", "basic");
  return { source, log, tool: (raw: string) => toolByRawName(source, raw) };
}

describe("McpTool.execute", () => {
  it("should return a text result", async () => {
    const { tool } = await loadBasic();

    const result = await tool("echo").execute({ text: "hello" });

    expect(result).toStrictEqual({
      content: [{ type: "text", text: "hello" }],
      isError: false,
      text: "hello",
    });
  });

  it("should return structuredContent along with the text", async () => {
    const { tool } = await loadBasic();

    const result = await tool("add").execute({ a: 1, b: 2 });

    expect(result.isError).toBe(false);
    expect(result.structuredContent).toStrictEqual({ sum: 3 });
    expect(result.text).toBe("3");
    expect(result.error).toBeUndefined();
  });

  it("should return image content", async () => {
    const { tool } = await loadBasic();

    const result = await tool("image").execute({});

    expect(result.content).toStrictEqual([
      { type: "image", data: tinyPngBase64, mimeType: "image/png" },
      { type: "text", text: "a 1x1 png" },
    ]);
    expect(result.text).toBe("a 1x1 png");
  });

  it("should resolve a tool's own isError result with error.kind tool", async () => {
    const { tool } = await loadBasic();

    const result = await tool("fail").execute({});
    const custom = await tool("fail").execute({ message: "no luck" });

    expect(result).toMatchObject({
      isError: true,
      text: "tool failed on purpose",
      error: { kind: "tool", message: "tool failed on purpose" },
    });
    expect(custom.error).toStrictEqual({ kind: "tool", code: "TOOL_ERROR", message: "no luck" });
  });

  it("should resolve with error.kind timeout when the per-call timeout passes", async () => {
    const { tool } = await loadBasic();

    const result = await tool("slow").execute({ ms: 10_000, steps: 1 }, { timeoutMs: 300 });

    expect(result).toMatchObject({
      isError: true,
      error: {
        kind: "timeout",
        message: 'Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 300 ms',
      },
    });
  });

  it("should time out at timeoutMs, name it when invalid, and not read the removed alias timeout", async () => {
    const { tool, log } = await loadBasic();

    const late = await tool("slow").execute({ ms: 10_000, steps: 1 }, { timeoutMs: 300 });
    expect(late.error?.message).toMatch(/timed out after 300 ms$/);
    // `timeout` was the deprecated alias of `timeoutMs`; it is gone, so it bounds nothing now.
    const old = await tool("slow").execute({ ms: 600, steps: 1 }, { timeout: 100 } as object);
    expect(old).toMatchObject({ isError: false });

    const bad = await tool("echo").execute({ text: "never" }, { timeoutMs: 0 });
    expect(bad.error).toMatchObject({
      kind: "protocol",
      detail: 'option "timeoutMs": expected a positive number (milliseconds), got zero',
    });
    expect(readLog(log).filter((e) => e.event === "call" && e.tool === "echo")).toStrictEqual([]);
  });

  it("should resolve with error.kind aborted and cancel the request on the server when ctx.signal aborts", async () => {
    const { tool, log } = await loadBasic();
    const controller = new AbortController();

    const pending = tool("slow").execute({ ms: 20_000, steps: 4 }, { signal: controller.signal });
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "slow"), {
      message: "the slow call to reach the server",
    });
    controller.abort();
    const result = await pending;

    expect(result).toMatchObject({
      isError: true,
      error: {
        kind: "aborted",
        message: 'Call to tool "mcp__basic__slow" on MCP server "basic" was aborted',
      },
    });
    await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
      message: "the server to log notifications/cancelled",
    });
    await waitFor(() => readLog(log).some((e) => e.event === "aborted" && e.tool === "slow"), {
      message: "the slow tool to stop",
    });
  });

  it("should resolve aborted without calling the server when the signal is already aborted", async () => {
    const { tool, log } = await loadBasic();

    const result = await tool("echo").execute({ text: "never" }, { signal: AbortSignal.abort() });

    expect(result.error?.kind).toBe("aborted");
    expect(readLog(log).filter((e) => e.event === "call")).toStrictEqual([]);
  });

  it("should pass progress notifications to onProgress", async () => {
    const { tool } = await loadBasic();
    const seen: McpProgress[] = [];

    const result = await tool("slow").execute({ ms: 300, steps: 3 }, { onProgress: (p) => seen.push(p) });

    expect(result.text).toBe("done");
    expect(seen).toStrictEqual([
      { progress: 1, total: 3, message: "step 1/3" },
      { progress: 2, total: 3, message: "step 2/3" },
      { progress: 3, total: 3, message: "step 3/3" },
    ]);
  });

  it("should reset the timeout on progress", async () => {
    const { tool } = await loadBasic();
    const seen: McpProgress[] = [];

    // 1500 ms in total: a progress notification every 150 ms keeps the 600 ms timeout from firing,
    // while the same call without onProgress (no progress token) times out.
    const [withProgress, without] = await Promise.all([
      tool("slow").execute({ ms: 1500, steps: 10 }, { timeoutMs: 600, onProgress: (p) => seen.push(p) }),
      tool("slow").execute({ ms: 1500, steps: 10 }, { timeoutMs: 600 }),
    ]);

    expect(withProgress).toMatchObject({ isError: false, text: "done" });
    expect(seen).toHaveLength(10);
    expect(without.error?.kind).toBe("timeout");
  });

  it("should end a call that keeps sending progress at maxTotalTimeoutMs, and cancel it on the server", async () => {
    const { tool, log } = await loadBasic();
    const seen: McpProgress[] = [];

    // A progress notification every 200 ms keeps resetting the 600 ms timeout for the whole 6 s;
    // only the total bound ends the call.
    const result = await tool("slow").execute(
      { ms: 6000, steps: 30 },
      { timeoutMs: 600, maxTotalTimeoutMs: 1200, onProgress: (p) => seen.push(p) },
    );

    expect(result).toMatchObject({
      isError: true,
      error: {
        kind: "timeout",
        code: "TIMEOUT",
        message: 'Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 1200 ms in total',
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(3); // progress went on past the 600 ms timeout
    await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
      message: "the server to log notifications/cancelled",
    });
  });

  it("should refuse a maxTotalTimeoutMs no timer can wait, without sending the call", async () => {
    const { tool, log } = await loadBasic();

    const result = await tool("echo").execute({ text: "never" }, { maxTotalTimeoutMs: -1 });

    expect(result.error).toMatchObject({
      kind: "protocol",
      code: "PROTOCOL_ERROR",
      detail: 'option "maxTotalTimeoutMs": expected a positive number (milliseconds), got negative number',
    });
    expect(readLog(log).filter((e) => e.event === "call")).toStrictEqual([]);
  });

  it("should not accumulate abort listeners on a long-lived signal", async () => {
    const { tool } = await loadBasic();
    const controller = new AbortController();

    const results = [];
    for (let i = 0; i < 50; i++)
      results.push(await tool("echo").execute({ text: `#${i}` }, { signal: controller.signal }));
    const concurrent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        tool("echo").execute({ text: `c${i}` }, { signal: controller.signal }),
      ),
    );

    expect(results.map((r) => r.text)).toStrictEqual(Array.from({ length: 50 }, (_, i) => `#${i}`));
    expect(concurrent.every((r) => !r.isError)).toBe(true);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("should resolve with error.kind protocol for a JSON-RPC error", async () => {
    const source = await sources.load({ mcpServers: { live: stdioServer("mcp-list-changed") } });
    const remove = source.tools.find((t) => t.rawName === "remove_tool");

    const result = await remove?.execute({ name: "add_tool" });

    expect(result).toMatchObject({ isError: true, error: { kind: "protocol" } });
    expect(result?.error?.message).toMatch(
      /^Call to tool "mcp__live__remove_tool" on MCP server "live" failed: MCP error -32602: .*add_tool is a control tool/,
    );
  });

  it("should never throw: invalid or unserializable arguments resolve with an error result", async () => {
    const { tool } = await loadBasic();

    const invalid = await tool("echo").execute({ text: 42 });
    const missing = await tool("echo").execute(undefined as unknown as Record<string, unknown>);
    const unserializable = await tool("echo").execute({ text: 1n });

    expect(invalid).toMatchObject({ isError: true });
    expect(invalid.error?.message).toContain("Invalid arguments for tool echo");
    expect(missing).toMatchObject({ isError: true });
    expect(missing.error?.message).toContain("Invalid arguments for tool echo");
    expect(unserializable).toMatchObject({ isError: true });
    expect(unserializable.error?.message).toContain("BigInt");
    // The session survives all of it.
    await expect(tool("echo").execute({ text: "fine" })).resolves.toMatchObject({ text: "fine" });
  });
});
