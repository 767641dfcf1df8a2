/**
 * The fault suite's process and shape faults at once, in a host process with no handlers of its
 * own (no onWarning, no unhandledRejection or uncaughtException handler): every fault is triggered,
 * every call resolves with a result, the well-behaved server keeps answering, the host exits 0
 * after close() and no child it ever had survives.
 */
import { hostileServer, isAlive } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { tempLogFile } from "./support/harness.js";
import { runHost } from "./support/host-process.js";

interface Summary {
  status: Record<string, string>;
  calls: Record<string, string>;
  pids: number[];
}

describe("a host meeting every process and shape fault at once", () => {
  it("should resolve every call, keep the good server answering, exit 0 after close() and leave no child", async () => {
    const neverLog = tempLogFile("never.log");
    const config = {
      mcpServers: {
        good: hostileServer("echo"),
        junk: hostileServer("stdout-junk"),
        stray: hostileServer("stray-response"),
        never: hostileServer("never-answers", { args: ["--log", neverLog] }),
        stubborn: hostileServer("ignore-sigterm"),
        dies: hostileServer("exit-during", { arg: "tools/call" }),
        init: hostileServer("exit-during", { arg: "initialize" }),
        huge: hostileServer("stream-line", { arg: 100 }),
        schemas: hostileServer("bad-schemas"),
        names: hostileServer("odd-names"),
      },
    };
    const run = await runHost(
      `
      const source = await loadMcp(${JSON.stringify(config)}, {
        toolCache: null,
        killGraceMs: 500,
        autoRestart: { initialDelayMs: 50, maxRetries: 2 },
      });
      const pids = new Set();
      const notePids = () => source.servers().forEach((s) => s.pid !== undefined && pids.add(s.pid));
      notePids();
      const tool = (server, raw) => source.tools.find((t) => t.server === server && t.rawName === raw);
      const outcome = (r) => (r.isError ? r.error.code : "ok");
      const calls = {};
      // timeoutMs (the removed timeout alias is not read: never/never then waited out the 30 s default).
      const call = async (server, raw, timeoutMs = 5000) => {
        calls[server + "/" + raw] = outcome(await tool(server, raw).execute({ text: "hi" }, { timeoutMs }));
        notePids();
      };
      const killed = tool("never", "never").execute({}, { timeoutMs: 10000 });
      // Bounded by runHost's kill: the call has reached the server when its log shows it.
      const { existsSync, readFileSync } = await import("node:fs");
      const neverLog = ${JSON.stringify(neverLog)};
      while (!(existsSync(neverLog) && readFileSync(neverLog, "utf8").includes('"event":"call"')))
        await new Promise((r) => setTimeout(r, 20));
      process.kill(source.servers().find((s) => s.name === "never").pid, "SIGKILL");
      calls["never/killed"] = outcome(await killed);
      await call("never", "never", 300);
      await call("junk", "junk");
      await call("junk", "cut");
      await call("stray", "stray");
      await call("dies", "echo");
      // 64 MiB through a pipe before the frame is refused: over 5 s on a loaded CI machine, and
      // the outcome (FRAME_TOO_LARGE, not how fast) is what this checks.
      await call("huge", "line", 30000);
      await call("schemas", "good_a");
      await call("names", "${"a".repeat(299)}b");
      await source.restart("stubborn");
      notePids();
      await call("good", "echo");
      console.log(JSON.stringify({ status: source.status, calls, pids: [...pids] }));
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
    expect(summary.status).toMatchObject({ good: "connected", init: "failed", schemas: "connected" });
    expect(summary.calls).toStrictEqual({
      "never/killed": "CONNECTION_CLOSED",
      "never/never": "TIMEOUT",
      "junk/junk": "ok",
      "junk/cut": "CONNECTION_CLOSED",
      "stray/stray": "ok",
      "dies/echo": "CONNECTION_CLOSED",
      "huge/line": "FRAME_TOO_LARGE",
      "schemas/good_a": "ok",
      [`names/${"a".repeat(299)}b`]: "ok",
      "good/echo": "ok",
    });
    expect(run.stderr).not.toMatch(/MaxListenersExceededWarning|TimeoutOverflowWarning|Uncaught|Unhandled/);
    expect(summary.pids.length).toBeGreaterThan(9);
    expect(summary.pids.filter(isAlive)).toStrictEqual([]);
  }, 60_000);
});
