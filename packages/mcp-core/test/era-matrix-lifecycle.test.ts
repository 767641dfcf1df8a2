// The era matrix, lifecycle: start, call, crash → auto-restart, manual restart, stop and start again,
// against a legacy-only, a dual-era and a modern-only fixture over stdio and HTTP (support/era-matrix.ts).
// Real processes; every wait bounded. Each row owns its server process: the test kills it.
import { collectStates, countEvents, isAlive, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource } from "../src/index.js";
import { ERA_ROWS, type EraRow, MODERN_VERSION, rowEntry, SERVER, stateOf } from "./support/era-matrix.js";
import {
  failOnUnhandledRejections,
  pidOf,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, killGraceMs: 500 });

/** The server process's own pid, asked through its `pid` tool (over HTTP the source has no pid). */
async function serverPid(source: McpSource): Promise<number | undefined> {
  const result = await toolByRawName(source, "pid").execute({}, { timeoutMs: 5_000 });
  return result.isError ? undefined : Number(result.text);
}

async function loadRow(row: EraRow) {
  const log = tempLogFile(`${row.fixture}-${row.wire}.log`);
  const { entry, http } = await rowEntry(row, log);
  const source = await sources.load(
    { mcpServers: { [SERVER]: entry } },
    { autoRestart: { initialDelayMs: 50, maxDelayMs: 400, maxRetries: 20 } },
  );
  expect(source.state(SERVER), stateOf(source)).toBe("running");
  return { source, http, log };
}

describe.each(ERA_ROWS)("lifecycle: $era over $wire", (row) => {
  it("should start, call, recover from a crash, restart on request, stop and start again", async () => {
    const { source, http } = await loadRow(row);
    const echo = toolByRawName(source, "echo");
    expect(await echo.execute({ text: "first" })).toMatchObject({ isError: false, text: "first" });
    const firstPid = await serverPid(source);
    expect(firstPid).toEqual(expect.any(Number));

    // Crash: the process dies; the wrapper held from before serves again from a new process.
    const states = collectStates(source);
    if (http) {
      await http.restart();
      await waitFor(async () => (await serverPid(source)) === http.pid, {
        timeoutMs: 15_000,
        message: "calls to reach the restarted HTTP server",
      });
    } else {
      process.kill(firstPid as number, "SIGKILL");
      await waitFor(() => source.state(SERVER) === "running" && pidOf(source, SERVER) !== firstPid, {
        timeoutMs: 15_000,
        message: "auto-restart",
      });
      expect(states.states(SERVER)).toEqual(["error", "starting", "running"]);
      expect(source.servers()[0]?.restarts).toBe(1);
    }
    expect(isAlive(firstPid as number)).toBe(false);
    expect(await echo.execute({ text: "after crash" })).toMatchObject({
      isError: false,
      text: "after crash",
    });

    // Manual restart: same names, same wrapper objects, running again.
    const before = source.tools;
    const restartsBefore = source.servers()[0]?.restarts ?? 0;
    const pidBefore = await serverPid(source);
    await source.restart(SERVER);
    expect(source.state(SERVER)).toBe("running");
    expect(source.tools).toEqual(before);
    for (const [i, tool] of source.tools.entries()) expect(tool).toBe(before[i]);
    expect(source.servers()[0]?.restarts).toBe(restartsBefore + 1);
    // A stdio restart is a new child; an HTTP one a new connection to the same process.
    if (http) expect(await serverPid(source)).toBe(pidBefore);
    else expect(await serverPid(source)).not.toBe(pidBefore);
    expect(await echo.execute({ text: "restarted" })).toMatchObject({ isError: false, text: "restarted" });

    // Stop: calls fail fast as stopped; a stdio child is gone. Start: served again.
    const runningPid = pidOf(source, SERVER);
    await source.stop(SERVER);
    expect(source.state(SERVER)).toBe("stopped");
    if (runningPid !== undefined) expect(isAlive(runningPid)).toBe(false);
    const stopped = await echo.execute({ text: "x" });
    expect(stopped.error?.code).toBe("SERVER_STOPPED");
    await source.start(SERVER);
    expect(await echo.execute({ text: "again" })).toMatchObject({ isError: false, text: "again" });
  });
});

describe.each(ERA_ROWS.filter((row) => row.wire === "http"))("an HTTP server down: $era", (row) => {
  it("should fail a call while the server is down, not hang, and serve again once it is back", async () => {
    const { source, http } = await loadRow(row);
    const echo = toolByRawName(source, "echo");
    expect(await echo.execute({ text: "up" })).toMatchObject({ isError: false, text: "up" });
    await http?.stop();
    const down = await echo.execute({ text: "down" }, { timeoutMs: 10_000 });
    expect(down.isError).toBe(true);
    expect(down.error?.kind).toBe("unavailable");
    await http?.restart();
    await waitFor(async () => (await echo.execute({ text: "back" }, { timeoutMs: 5_000 })).text === "back", {
      timeoutMs: 15_000,
      message: `calls to reach the server again (${stateOf(source)})`,
    });
  });
});

describe.each(ERA_ROWS)("health check: $era over $wire", (row) => {
  it("should check a healthy server with a request its era has, and restart a hung stdio one", async () => {
    const log = tempLogFile(`${row.fixture}-${row.wire}-health.log`);
    const { entry } = await rowEntry(row, log);
    const source = await sources.load(
      { mcpServers: { [SERVER]: entry } },
      {
        healthCheck: { intervalMs: 50, timeoutMs: 400, failures: 2 },
        autoRestart: { initialDelayMs: 20 },
      },
    );
    expect(source.state(SERVER), stateOf(source)).toBe("running");
    const states = collectStates(source);
    const checks = () => countEvents(log, "ping") + countEvents(log, "discover");
    const atStart = checks();
    await waitFor(() => checks() >= atStart + 3, { message: "three health checks" });
    expect(source.state(SERVER)).toBe("running");
    expect(states.events).toEqual([]);
    // The 2026 era removed ping: a modern session is checked some other way.
    if (row.protocolVersion === MODERN_VERSION) expect(countEvents(log, "ping")).toBe(0);
    if (row.wire === "http") return;

    const pid = pidOf(source, SERVER) as number;
    process.kill(pid, "SIGSTOP");
    try {
      await waitFor(() => source.state(SERVER) === "running" && pidOf(source, SERVER) !== pid, {
        timeoutMs: 10_000,
        message: "the hung server to be replaced",
      });
    } finally {
      if (isAlive(pid)) process.kill(pid, "SIGCONT");
    }
    expect(states.states(SERVER)).toEqual(["error", "starting", "running"]);
  });
});
