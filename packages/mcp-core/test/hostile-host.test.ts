/**
 * Every hostile server at once, loaded by a host process with no handlers of its own: the host must
 * survive every fault, keep the well-behaved server working, leak no planted secret, and exit 0
 * after close() with no child left behind.
 */
import { type HttpFixture, hostileServer, isAlive, startHttpFixture, stdioServer } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHost } from "./support/host-process.js";

const HEADER_CANARY = "hdr-canary-5d1c0b7e9a";
const ENV_CANARY = "env-canary-83f2a6c41d";

interface Summary {
  status: Record<string, string>;
  calls: Record<string, string>;
  pids: number[];
}

describe("a host loading every hostile server at once", () => {
  const http: HttpFixture[] = [];
  let echoHeaders: HttpFixture;
  let sseRetryZero: HttpFixture;

  beforeAll(async () => {
    echoHeaders = await startHttpFixture("hostile", ["--mode", "echo-headers", "--arg", "call"]);
    sseRetryZero = await startHttpFixture("hostile", ["--mode", "sse-retry-zero"]);
    http.push(echoHeaders, sseRetryZero);
  });

  afterAll(async () => {
    await Promise.all(http.map((fixture) => fixture.stop()));
  });

  it("should survive every fault, keep the good server working, leak nothing and exit 0 after close()", async () => {
    const config = {
      mcpServers: {
        good: hostileServer("echo"),
        huge: hostileServer("huge-line", { arg: 2 * 1024 * 1024 }),
        garbage: { ...hostileServer("garbage-only"), timeout: 2_000 },
        noeof: hostileServer("ignore-stdin-eof"),
        content: hostileServer("unknown-content"),
        deep: hostileServer("deep-schema"),
        names: hostileServer("tool-names", { arg: "__proto__,constructor" }),
        leak: { ...hostileServer("env-to-stderr", { arg: "exit" }), env: { LEAK_TOKEN: ENV_CANARY } },
        noise: stdioServer("faulty", ["--mode", "garbage-stdout"]),
        flood: stdioServer("faulty", ["--mode", "stderr-flood"]),
        dies: stdioServer("faulty", ["--mode", "exit-at-start"]),
        echoes: { url: echoHeaders.url, headers: { Authorization: `Bearer ${HEADER_CANARY}` } },
        stream: { url: sseRetryZero.url },
      },
    };
    const run = await runHost(
      `
      const source = await loadMcp(${JSON.stringify(config)}, {
        toolCache: null,
        maxFrameBytes: 1024 * 1024,
        autoRestart: { initialDelayMs: 100, maxRetries: 2 },
      });
      const calls = {};
      for (const tool of source.tools) {
        const result = await tool.execute({ text: "hi" }, { timeoutMs: 5000 });
        calls[tool.name] = result.isError ? (result.error.code ?? result.error.kind) + ": " + result.error.message : "ok";
      }
      const pids = source.servers().map((s) => s.pid).filter((pid) => pid !== undefined);
      console.log(JSON.stringify({ status: source.status, calls, pids, servers: source.servers() }));
      await source.close();
      console.log("closed");
    `,
      undefined,
      50_000,
    );

    expect(run, run.stderr).toMatchObject({ code: 0, signal: null });
    const [summaryLine, closed] = run.stdout.split("\n").slice(-2);
    expect(closed).toBe("closed");
    const summary = JSON.parse(summaryLine as string) as Summary;
    const calls = new Map(Object.entries(summary.calls));

    expect(summary.status).toMatchObject({
      good: "connected",
      huge: "connected",
      garbage: "failed",
      leak: "failed",
      dies: "failed",
      content: "connected",
      deep: "connected",
      names: "connected",
      echoes: "connected",
    });
    expect(calls.get("mcp__good__echo")).toBe("ok");
    expect(calls.get("mcp__huge__big")).toMatch(/^FRAME_TOO_LARGE/);
    expect(calls.get("mcp__content__unknown")).toBe("ok");
    expect(calls.get("mcp__deep__echo")).toBe("ok");
    expect(calls.has("mcp__deep__deep")).toBe(false);
    expect(calls.get("mcp__names____proto__")).toBe("ok");
    expect(calls.get("mcp__echoes__leak")).toContain("[REDACTED]");
    for (const output of [run.stdout, run.stderr]) {
      expect(output).not.toContain(HEADER_CANARY);
      expect(output).not.toContain(ENV_CANARY);
      expect(output).not.toMatch(/MaxListenersExceededWarning|TimeoutOverflowWarning|Uncaught/);
    }
    expect(summary.pids.length).toBeGreaterThan(5);
    expect(summary.pids.filter(isAlive)).toStrictEqual([]);
  }, 60_000);
});
