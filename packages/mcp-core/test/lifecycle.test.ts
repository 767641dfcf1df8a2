import { join } from "node:path";
import {
  collectStates,
  collectToolChanges,
  isAlive,
  readLog,
  stdioServer,
  waitFor,
} from "@toolnexus/fixtures";
import { beforeEach, describe, expect, it } from "vitest";
import { failOnUnhandledRejections, pidOf, tempDir, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

let dir: string;

beforeEach(() => {
  dir = tempDir("lifecycle-");
});

const sources = useSources({ toolCache: null, killGraceMs: 500 });

function restartServer(extra: string[] = []) {
  return stdioServer("mcp-restart", [
    "--state-file",
    join(dir, "state.json"),
    "--log",
    join(dir, "log.jsonl"),
    ...extra,
  ]);
}

describe("auto-restart", () => {
  it("should walk running → error → starting → running after SIGKILL and serve a wrapper held from before", async () => {
    const source = await sources.load(
      { mcpServers: { r: restartServer() } },
      { autoRestart: { initialDelayMs: 50 } },
    );
    const echo = toolByRawName(source, "echo");
    const states = collectStates(source);
    const pid = pidOf(source, "r") as number;
    process.kill(pid, "SIGKILL");
    await waitFor(() => source.state("r") === "running" && pidOf(source, "r") !== pid, { timeoutMs: 10_000 });
    expect(states.states("r")).toEqual(["error", "starting", "running"]);
    const result = await echo.execute({ text: "back" });
    expect(result).toMatchObject({ isError: false, text: "back" });
    expect(source.tools.map((t) => t.name)).toContain(echo.name);
    expect(source.servers()[0]?.restarts).toBe(1);
    expect(isAlive(pid)).toBe(false);
  });

  it("should resolve an in-flight call on a dying transport with unavailable and not replay it", async () => {
    const source = await sources.load(
      { mcpServers: { r: restartServer() } },
      { autoRestart: { initialDelayMs: 50 } },
    );
    const result = await toolByRawName(source, "crash").execute({});
    expect(result.isError).toBe(true);
    expect(result.error?.kind).toBe("unavailable");
    await waitFor(() => source.state("r") === "running", { timeoutMs: 10_000 });
    // The crash tool ran once: the restarted server did not see it again.
    expect(
      readLog(join(dir, "log.jsonl")).filter((e) => e.event === "call" && e.tool === "crash"),
    ).toHaveLength(1);
  });

  it("should let a call made during the backoff wait for the restarted server", async () => {
    const source = await sources.load(
      { mcpServers: { r: restartServer() } },
      { autoRestart: { initialDelayMs: 300 } },
    );
    const echo = toolByRawName(source, "echo");
    process.kill(pidOf(source, "r") as number, "SIGKILL");
    await waitFor(() => source.state("r") === "error");
    const result = await echo.execute({ text: "waited" }, { timeoutMs: 10_000 });
    expect(result).toMatchObject({ isError: false, text: "waited" });
  });

  it("should keep a dead server in error with isolated errors when autoRestart is off", async () => {
    const source = await sources.load(
      { mcpServers: { r: restartServer(), other: stdioServer("basic") } },
      { autoRestart: { enabled: false } },
    );
    const echo = toolByRawName(source, "echo");
    const states = collectStates(source);
    await toolByRawName(source, "crash").execute({});
    await waitFor(() => source.state("r") === "error");
    const result = await echo.execute({ text: "x" });
    expect(result.isError).toBe(true);
    expect(result.error?.kind).toBe("unavailable");
    expect(result.text).toBe(
      'MCP server "r" is unavailable: closed the connection: its process exited with code 1',
    );
    expect(result.error?.code).toBe("SERVER_FAILED");
    expect(states.states("r")).toEqual(["error"]);
    expect(source.status).toEqual({ r: "failed", other: "connected" });
    expect(source.tools.filter((t) => t.server === "r").length).toBeGreaterThan(0);
    const other = source.tools.find((t) => t.server === "other" && t.rawName === "echo");
    expect((await other?.execute({ text: "fine" }))?.text).toBe("fine");
  });

  it("should give up after exactly maxRetries attempts of a crash loop, with the documented delays", async () => {
    // A real server that runs fine once, then crash-loops on every restart (exits after initialize).
    const marker = join(dir, "ran-once");
    const log = join(dir, "loop.jsonl");
    const basic = stdioServer("basic");
    const loop = stdioServer("mcp-restart", ["--state-file", join(dir, "s"), "--crash-loop", "--log", log]);
    const script = `if [ -f "$1" ]; then exec "$2" "$3" "$4" "$5" "$6" "$7" "$8"; else touch "$1"; exec "$2" "$9"; fi`;
    const config = {
      command: "sh",
      args: ["-c", script, "sh", marker, loop.command, ...loop.args, basic.args[0] as string],
    };
    const source = await sources.load(
      { mcpServers: { loop: config } },
      { autoRestart: { maxRetries: 3, initialDelayMs: 20, maxDelayMs: 40, stableAfterMs: 60_000 } },
    );
    const held = toolByRawName(source, "echo");
    const states = collectStates(source);
    const changes = collectToolChanges(source);
    process.kill(pidOf(source, "loop") as number, "SIGKILL");
    await waitFor(() => states.events.some((e) => (e.info as { reason?: string }).reason === "gave-up"), {
      timeoutMs: 15_000,
    });
    const errors = states.events
      .filter((e) => e.state === "error")
      .map((e) => e.info as Record<string, unknown>);
    expect(errors.map((e) => e.nextDelayMs)).toEqual([20, 40, 40, undefined]);
    expect(errors.map((e) => e.attempt)).toEqual([1, 2, 3, 3]);
    expect(states.states("loop")).toEqual([
      "error",
      "starting",
      "error",
      "starting",
      "error",
      "starting",
      "error",
    ]);
    expect(readLog(log).filter((e) => e.event === "start")).toHaveLength(3);
    expect(source.state("loop")).toBe("error");
    expect(source.tools.filter((t) => t.server === "loop")).toEqual([]);
    expect(changes.changes("loop")).toEqual([
      { added: [], removed: expect.arrayContaining([held.name]), changed: [] },
    ]);
    const result = await held.execute({ text: "x" });
    expect(result.error?.kind).toBe("unavailable");
    expect(result.text).toContain('MCP server "loop" is unavailable');
    expect(result.error?.code).toBe("RESTART_EXHAUSTED");
  });

  it("should restart indefinitely a server that stays up past stableAfterMs between crashes", async () => {
    const source = await sources.load(
      { mcpServers: { b: stdioServer("basic") } },
      { autoRestart: { maxRetries: 1, initialDelayMs: 10, stableAfterMs: 100 } },
    );
    for (let crash = 0; crash < 3; crash++) {
      const pid = pidOf(source, "b") as number;
      process.kill(pid, "SIGKILL");
      await waitFor(() => source.state("b") === "running" && pidOf(source, "b") !== pid, {
        timeoutMs: 10_000,
      });
      // Up past stableAfterMs: the budget is whole again before the next crash.
      await waitFor(() => (source.servers()[0]?.uptimeMs ?? 0) > 150, { message: "stable past 100 ms" });
    }
    expect(source.servers()[0]?.restarts).toBe(3);
  });
});

describe("restart()", () => {
  it("should keep tool names and wrappers on a healthy server", async () => {
    const source = await sources.load({ mcpServers: { b: stdioServer("basic") } });
    const before = [...source.tools];
    const pid = pidOf(source, "b");
    await source.restart("b");
    expect(source.tools).toEqual(before);
    expect(source.tools[0]).toBe(before[0]);
    expect(pidOf(source, "b")).not.toBe(pid);
    expect(source.state("b")).toBe("running");
  });

  it("should spawn one new process for ten concurrent restarts", async () => {
    const log = join(dir, "b.jsonl");
    const source = await sources.load({ mcpServers: { b: stdioServer("basic", ["--log", log]) } });
    await Promise.all(Array.from({ length: 10 }, () => source.restart("b")));
    expect(readLog(log).filter((e) => e.event === "start")).toHaveLength(2);
    expect(source.servers()[0]?.restarts).toBe(1);
  });

  it("should lose to close(): a pending restart ends and no child survives", async () => {
    const log = join(dir, "b.jsonl");
    const source = await sources.load({
      mcpServers: { b: stdioServer("basic", ["--log", log, "--init-delay-ms", "500"]) },
    });
    const restarting = source.restart("b");
    await source.close();
    await expect(restarting).rejects.toThrow();
    for (const event of readLog(log).filter((e) => e.event === "start"))
      expect(isAlive(event.pid as number)).toBe(false);
  });

  it("should reject start/stop/restart of an unknown server with a clear error", async () => {
    const source = await sources.load({ mcpServers: { b: stdioServer("basic") } });
    await expect(source.restart("nope")).rejects.toThrow('No MCP server named "nope" is configured');
    expect(() => source.state("nope")).toThrow('No MCP server named "nope" is configured');
  });

  it("should stop a server, fail its calls as unavailable, and start it again", async () => {
    const source = await sources.load({ mcpServers: { b: stdioServer("basic") } });
    const echo = toolByRawName(source, "echo");
    const pid = pidOf(source, "b") as number;
    await source.stop("b");
    expect(source.state("b")).toBe("stopped");
    expect(isAlive(pid)).toBe(false);
    const stopped = await echo.execute({ text: "x" });
    expect(stopped.text).toContain('MCP server "b" is stopped');
    expect(stopped.error?.code).toBe("SERVER_STOPPED");
    await source.start("b");
    expect((await echo.execute({ text: "again" })).text).toBe("again");
  });
});

describe("options.signal", () => {
  it("should end a backoff wait promptly on abort and leave no child alive", async () => {
    const controller = new AbortController();
    const source = await sources.load(
      { mcpServers: { r: restartServer() } },
      { signal: controller.signal, autoRestart: { initialDelayMs: 60_000 } },
    );
    const echo = toolByRawName(source, "echo");
    const pid = pidOf(source, "r") as number;
    process.kill(pid, "SIGKILL");
    await waitFor(() => source.state("r") === "error");
    // The call could wait 60 s for the retry and its own timeout is longer than this test's: only
    // the abort ending the wait lets it resolve, and it resolves unavailable, not timeout.
    const pending = echo.execute({ text: "x" }, { timeoutMs: 120_000 });
    controller.abort();
    const result = await pending;
    expect(result.error?.kind).toBe("unavailable");
    expect(isAlive(pid)).toBe(false);
    expect(readLog(join(dir, "log.jsonl")).filter((e) => e.event === "start")).toHaveLength(1);
  });
});

describe("health check", () => {
  it("should detect a SIGSTOPped server, kill it and restart", async () => {
    const source = await sources.load(
      { mcpServers: { b: stdioServer("basic") } },
      { healthCheck: { intervalMs: 100, timeoutMs: 100, failures: 2 }, autoRestart: { initialDelayMs: 20 } },
    );
    const pid = pidOf(source, "b") as number;
    const states = collectStates(source);
    process.kill(pid, "SIGSTOP");
    try {
      await waitFor(() => source.state("b") === "running" && pidOf(source, "b") !== pid, {
        timeoutMs: 10_000,
      });
    } finally {
      if (isAlive(pid)) process.kill(pid, "SIGCONT");
    }
    expect(states.states("b")).toEqual(["error", "starting", "running"]);
    const info = states.events[0]?.info as { error?: Error } | undefined;
    expect(String(info?.error?.message)).toContain("missed 2 health checks");
    await waitFor(() => !isAlive(pid), { timeoutMs: 5_000 });
  });
});
