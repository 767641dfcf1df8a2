/**
 * Server logs (`notifications/message`), stderr lines and instructions, against real processes: the
 * hostile `log-levels` mode (a server that ignores the level it is asked for, either era) and
 * `log-flood` mode, the faulty fixture's stderr flood, and `@modelcontextprotocol/server-everything`.
 */
import { hostileServer, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { MAX_LOG_DATA_BYTES, MAX_STDERR_LINE_BYTES, OUTPUT_RATE_LIMIT } from "../src/config-entry.js";
import type {
  LoadMcpOptions,
  McpLogLevel,
  McpSource,
  ServerLogMessage,
  ToolCacheStore,
} from "../src/index.js";
import { LINE_CUT_MARKER } from "../src/logs/stderr-lines.js";
import type { ToolCacheEntry } from "../src/stores.js";
import { everythingStdio } from "./support/everything.js";
import { callOk, httpFixture, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

const CANARY = "canary-log-token-7d3e9b21";

/** Every log message and stderr line the source delivers, by server. */
function collect(source: McpSource) {
  const logs: { server: string; message: ServerLogMessage }[] = [];
  const lines: { server: string; line: string }[] = [];
  source.onServerLog((server, message) => logs.push({ server, message }));
  source.onStderr((server, line) => lines.push({ server, line }));
  return { logs, lines };
}

const levelsOf = (logs: { message: ServerLogMessage }[]) =>
  logs.filter((l) => l.message.logger === "levels").map((l) => l.message.level);

async function loadLevels(era: "legacy" | "modern", options?: LoadMcpOptions) {
  return sources.loadServers({ lv: hostileServer("log-levels", { arg: era }) }, options);
}

describe("server log messages", () => {
  it("should ask a 2025-era server for the minimum level and deliver only messages at or above it", async () => {
    const source = await loadLevels("legacy");
    const { logs } = collect(source);
    expect(await callOk(source, "emit_logs", {})).toBe("setLevel:info");
    await waitFor(() => levelsOf(logs).includes("emergency"));
    expect(levelsOf(logs)).toEqual(["info", "notice", "warning", "error", "critical", "alert", "emergency"]);
    expect(logs[0]).toEqual({
      server: "lv",
      message: { level: "info", logger: "levels", data: { level: "info" } },
    });
  });

  it("should filter on our side a server that ignores the level it was asked for", async () => {
    const source = await loadLevels("legacy", { serverLogLevel: "error" });
    const { logs } = collect(source);
    expect(await callOk(source, "emit_logs", {})).toBe("setLevel:error");
    await waitFor(() => levelsOf(logs).includes("emergency"));
    expect(levelsOf(logs)).toEqual(["error", "critical", "alert", "emergency"]);
  });

  it("should send the level in each request's _meta on the 2026 era and deliver the messages", async () => {
    const source = await loadLevels("modern", { serverLogLevel: "warning" });
    expect(source.servers()[0]?.protocolVersion).toBe("2026-07-28");
    const { logs } = collect(source);
    expect(await callOk(source, "emit_logs", {})).toBe("logLevel:warning");
    await waitFor(() => levelsOf(logs).includes("emergency"));
    expect(levelsOf(logs)).toEqual(["warning", "error", "critical", "alert", "emergency"]);
  });

  it.each([
    ["legacy", "setLevel:info"],
    ["modern", "logLevel:info"],
  ])("should deliver the %s era's messages over Streamable HTTP", async (era, asked) => {
    const fixture = await httpFixture("hostile", ["--mode", "log-levels", "--arg", era]);
    const source = await sources.loadServers({ lv: { url: fixture.url } });
    const { logs } = collect(source);
    expect(await callOk(source, "emit_logs", {})).toBe(asked);
    await waitFor(() => levelsOf(logs).includes("emergency"));
    expect(levelsOf(logs)).toEqual(["info", "notice", "warning", "error", "critical", "alert", "emergency"]);
  });

  it("should deliver from the start of the load through the load option", async () => {
    const seen: McpLogLevel[] = [];
    const source = await loadLevels("legacy", { onServerLog: (_s, m) => seen.push(m.level) });
    await callOk(source, "emit_logs", {});
    await waitFor(() => seen.includes("emergency"));
    expect(seen[0]).toBe("info");
  });

  it("should stop calling a listener once it unsubscribed", async () => {
    const source = await loadLevels("legacy");
    const kept: string[] = [];
    const dropped: string[] = [];
    source.onServerLog((_s, m) => kept.push(m.level));
    const unsubscribe = source.onServerLog((_s, m) => dropped.push(m.level));
    unsubscribe();
    await callOk(source, "emit_logs", {});
    await waitFor(() => kept.includes("emergency"));
    expect(dropped).toEqual([]);
  });

  it("should survive a listener that throws: the others still hear, the host gets a warning", async () => {
    const warnings: string[] = [];
    const source = await loadLevels("legacy", { onWarning: (w) => warnings.push(w) });
    source.onServerLog(() => {
      throw new Error("listener bug");
    });
    source.onStderr(() => {
      throw new Error("listener bug");
    });
    const { logs, lines } = collect(source);
    await callOk(source, "emit_logs", {});
    await callOk(source, "leak_env", { name: "HOME" });
    await waitFor(() => levelsOf(logs).includes("emergency") && lines.length > 0);
    expect(warnings.some((w) => w.includes("listener threw") && w.includes("listener bug"))).toBe(true);
    expect(source.state("lv")).toBe("running");
    expect(await callOk(source, "emit_logs", {})).toBe("setLevel:info");
  });

  it("should reject a serverLogLevel that is not an MCP level, naming the option", async () => {
    const error = await sources.rejection(
      { mcpServers: {} },
      { serverLogLevel: "verbose" as unknown as McpLogLevel },
    );
    expect(error).toMatchObject({ code: "OPTIONS_INVALID" });
    expect(String((error as Error).message)).toContain('"serverLogLevel"');
  });
});

describe("redaction", () => {
  it("should redact a secret env value from log data, stderr lines and instructions", async () => {
    const source = await sources.loadServers({
      lv: { ...hostileServer("log-levels"), env: { ECHO_TOKEN: CANARY } },
    });
    const { logs, lines } = collect(source);
    await callOk(source, "leak_env", { name: "ECHO_TOKEN" });
    await waitFor(
      () => logs.some((l) => l.message.logger === "leak") && lines.some((l) => l.line.startsWith("leaked=")),
    );
    const leak = logs.find((l) => l.message.logger === "leak");
    expect(leak?.message.data).toEqual({ leaked: "[REDACTED]" });
    expect(lines.find((l) => l.line.startsWith("leaked="))?.line).toBe("leaked=[REDACTED]");
    const instructions = source.servers()[0]?.instructions;
    expect(instructions).toContain("Token: [REDACTED]");
    expect(JSON.stringify({ logs, lines, instructions })).not.toContain(CANARY);
  });
});

describe("bounds", () => {
  it("should cap a log flood per server and report what it dropped in a summary", async () => {
    const sent = 2000;
    const source = await sources.loadServers({ flood: hostileServer("log-flood", { arg: sent }) });
    const { logs } = collect(source);
    const began = Date.now();
    expect(await callOk(source, "flood", {})).toBe(`sent ${sent}`);
    const summaries = () => logs.filter((l) => l.message.dropped !== undefined);
    const delivered = () => logs.filter((l) => l.message.logger === "flood");
    const dropped = () => summaries().reduce((sum, l) => sum + (l.message.dropped ?? 0), 0);
    await waitFor(() => delivered().length + dropped() === sent, {
      message: "every message delivered or counted",
    });
    const elapsedS = (Date.now() - began) / 1000;
    expect(delivered().length).toBeLessThanOrEqual(
      OUTPUT_RATE_LIMIT.burst + Math.ceil(OUTPUT_RATE_LIMIT.perSecond * elapsedS),
    );
    expect(summaries()[0]?.message).toMatchObject({ logger: "toolnexus-mcp", level: "info" });
    expect(String(summaries()[0]?.message.data)).toMatch(/^\d+ log messages dropped/);
  });

  it("should replace oversized log data with a truncated string carrying a marker", async () => {
    const source = await sources.loadServers({ flood: hostileServer("log-flood") });
    const { logs } = collect(source);
    await callOk(source, "big_log", { kib: 256 });
    const big = await waitFor(() => logs.find((l) => l.message.logger === "big"));
    const data = big.message.data as string;
    expect(typeof data).toBe("string");
    expect(data).toMatch(/…\[truncated by toolnexus-mcp: \d+ bytes\]$/);
    expect(data.length).toBeLessThan(MAX_LOG_DATA_BYTES + 100);
  });

  it("should cap a stderr flood and count every line it did not deliver", async () => {
    // The flood comes before the server answers initialize: only the load option hears it.
    const early: string[] = [];
    const source = await sources.loadServers(
      { noisy: stdioServer("faulty", ["--mode", "stderr-flood"]) },
      { onStderr: (_s, line) => early.push(line) },
    );
    const summary = /^\[toolnexus-mcp\] (\d+) stderr lines dropped/;
    const dropped = () => early.reduce((sum, line) => sum + Number(summary.exec(line)?.[1] ?? 0), 0);
    const delivered = () => early.filter((line) => !summary.test(line));
    // 1024 lines of "x" and the marker line.
    await waitFor(() => delivered().length + dropped() === 1025, {
      message: "every line delivered or counted",
    });
    expect(delivered().length).toBeLessThan(1025);
    expect(early.every((line) => line.length <= MAX_STDERR_LINE_BYTES)).toBe(true);
    // The bounded tail is kept as before.
    expect(source.servers()[0]?.stderrTail).toContain("STDERR-TAIL-MARKER");
  });

  it("should cut a stderr line longer than the bound", async () => {
    const source = await sources.loadServers({ flood: hostileServer("log-flood") });
    const { lines } = collect(source);
    await callOk(source, "stderr_lines", { count: 1, chars: 3 * MAX_STDERR_LINE_BYTES });
    const line = await waitFor(() => lines.find((l) => l.line.startsWith("eee")));
    expect(line.line).toBe(`${"e".repeat(MAX_STDERR_LINE_BYTES)}${LINE_CUT_MARKER}`);
  });
});

/** A listing cache in memory (a `ToolCacheStore`). */
function memoryCache(): ToolCacheStore & { entries: Map<string, ToolCacheEntry> } {
  const entries = new Map<string, ToolCacheEntry>();
  return { entries, get: (key) => entries.get(key), set: (key, entry) => void entries.set(key, entry) };
}

describe("instructions", () => {
  it("should show each server's instructions in its snapshot, on both eras", async () => {
    const source = await sources.loadServers({
      legacy: hostileServer("log-levels"),
      modern: hostileServer("log-levels", { arg: "modern" }),
      none: hostileServer("echo"),
    });
    const byName = Object.fromEntries(source.servers().map((s) => [s.name, s.instructions]));
    expect(byName).toEqual({
      legacy: "Call emit_logs to hear every level.",
      modern: "Call emit_logs to hear every level.",
      none: undefined,
    });
  });

  it("should show a lazy server's cached instructions, stored redacted, before it starts", async () => {
    const cache = memoryCache();
    const entry = { ...hostileServer("log-levels"), env: { ECHO_TOKEN: CANARY }, lazy: true };
    const config = { mcpServers: { lz: entry } };
    const expected = "Call emit_logs to hear every level. Token: [REDACTED]";
    const first = await sources.load(config, { toolCache: cache });
    await first.whenSettled();
    const [key, stored] = [...cache.entries.entries()][0] ?? [];
    expect(stored?.instructions).toBe(expected);
    await first.close();
    const second = await sources.load(config, { toolCache: cache });
    const [snapshot] = second.servers();
    expect(snapshot).toMatchObject({ state: "stopped", instructions: expected });
    expect(snapshot?.pid).toBeUndefined();
    await second.close();
    // An entry whose instructions are not text still serves its tools; the instructions are ignored.
    cache.entries.set(key as string, {
      ...(stored as ToolCacheEntry),
      instructions: 42 as unknown as string,
    });
    const third = await sources.load(config, { toolCache: cache });
    expect(third.servers()[0]).toMatchObject({ state: "stopped", toolCount: 2 });
    expect(third.servers()[0]?.instructions).toBeUndefined();
  });
});

describe("@modelcontextprotocol/server-everything", () => {
  const everything = everythingStdio;

  it("should deliver its simulated log messages and show its instructions", async () => {
    const source = await sources.loadServers({ everything }, { serverLogLevel: "debug" });
    const { logs } = collect(source);
    expect(source.servers()[0]?.instructions?.length).toBeGreaterThan(0);
    await callOk(source, "toggle-simulated-logging", {});
    // It sends one message at once, at a random level, then one every 5 s.
    const first = await waitFor(() => logs[0]);
    expect(first.server).toBe("everything");
    expect(typeof first.message.data).toBe("string");
  });
});
