/**
 * The HTTP faults, floods and unasked requests of `fault-http` and `fault-flood`, met by a host
 * process with no error handlers of its own: every call resolves, nothing reaches the host as an
 * uncaught exception or unhandled rejection, and the host exits 0 after close() with no child left.
 */
import { hostileServer, isAlive, startHttpFixture } from "@toolnexus/fixtures";
import { describe, expect, it, onTestFinished } from "vitest";
import { runHost } from "./support/host-process.js";

describe("a host with no error handlers meeting HTTP faults, floods and unasked requests", () => {
  it("should see every call resolve and exit 0 after close() with no child left", async () => {
    const fixtures = await Promise.all(
      ["500", "stall", "sse-drop"].map((arg) =>
        startHttpFixture("hostile", ["--mode", "http-fault", "--arg", arg]),
      ),
    );
    onTestFinished(() => Promise.all(fixtures.map((fixture) => fixture.stop())).then(() => {}));
    const [http500, stall, sseDrop] = fixtures.map((fixture) => ({ url: fixture.url }));
    const config = {
      mcpServers: {
        good: hostileServer("echo"),
        http500,
        stall,
        sseDrop,
        notify: hostileServer("notify-flood", { arg: 3000 }),
        logs: hostileServer("log-flood", { arg: 3000 }),
        unasked: hostileServer("unasked-requests"),
      },
    };
    const run = await runHost(
      `
      const source = await loadMcp(${JSON.stringify(config)}, { toolCache: null, serverLogLevel: "debug", onServerLog: () => {} });
      const calls = {};
      const args = { text: "hi", method: "sampling/createMessage" };
      for (const tool of source.tools) {
        const result = await tool.execute(args, { timeoutMs: tool.server === "stall" ? 1500 : 10000, onProgress: () => {} });
        calls[tool.name] = result.isError ? result.error.code : "ok: " + result.text;
      }
      const pids = source.servers().map((s) => s.pid).filter((pid) => pid !== undefined);
      console.log(JSON.stringify({ calls, pids, states: Object.fromEntries(source.servers().map((s) => [s.name, s.state])) }));
      await source.close();
      console.log("closed");
    `,
      undefined,
      25_000,
    );

    expect(run, run.stderr).toMatchObject({ code: 0, signal: null });
    const [summaryLine, closed] = run.stdout.split("\n").slice(-2);
    expect(closed).toBe("closed");
    const summary = JSON.parse(summaryLine as string) as {
      calls: Record<string, string>;
      pids: number[];
      states: Record<string, string>;
    };
    expect(summary.calls).toMatchObject({
      mcp__good__echo: "ok: hi",
      mcp__http500__fault: "CALL_FAILED",
      mcp__stall__fault: "TIMEOUT",
      mcp__sseDrop__fault: "CALL_FAILED",
      mcp__notify__list_changed: "ok: sent 3000",
      mcp__notify__progress: "ok: sent 3000",
      mcp__logs__flood: "ok: sent 3000",
      mcp__unasked__ask: "ok: error -32601: MCP error -32601: Method not found",
    });
    expect(Object.values(summary.states).every((state) => state === "running")).toBe(true);
    expect(run.stderr).not.toMatch(/Uncaught|unhandled|MaxListenersExceededWarning/i);
    expect(summary.pids.filter(isAlive)).toStrictEqual([]);
  }, 30_000);
});
