/**
 * Process faults against real stdio children: a server killed or stopped mid-call, one that exits
 * during its start, a tool that never answers, a server that ignores SIGTERM. Each test checks the
 * states the server goes through, what the call sees (an error naming the server, with a stable
 * code; never a throw or a hang) and that another server of the same source keeps answering.
 */
import { hostileServer, isAlive, readLog, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  callVictim,
  expectCallError,
  expectOtherAnswers,
  loadBeside,
  OTHER,
  RESTARTED,
  STARTED,
  VICTIM,
} from "./support/fault-source.js";
import { failOnUnhandledRejections, pidOf, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, killGraceMs: 500, autoRestart: { initialDelayMs: 50 } });

describe("a server killed or stopped", () => {
  it("should resolve a call in flight at SIGKILL with CONNECTION_CLOSED, restart the server and keep the other", async () => {
    const log = tempLogFile();
    const { source, states } = await loadBeside(
      sources,
      hostileServer("never-answers", { args: ["--log", log] }),
    );
    const pid = pidOf(source, VICTIM) as number;

    const pending = callVictim(source, "never");
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "never"), {
      message: "the call at the server",
    });
    process.kill(pid, "SIGKILL");
    const result = await pending;

    expectCallError(result, "CONNECTION_CLOSED");
    await expectOtherAnswers(source);
    await waitFor(() => source.state(VICTIM) === "running" && pidOf(source, VICTIM) !== pid, {
      message: "killed server restarted",
    });
    expect(states(VICTIM)).toStrictEqual(RESTARTED);
    expect(states(OTHER)).toStrictEqual(STARTED);
    expect(await callVictim(source, "echo", { text: "back" })).toMatchObject({
      isError: false,
      text: "back",
    });
    expect(isAlive(pid)).toBe(false);
  });

  it("should time a call out on a SIGSTOPped server, let the health check kill it (no SIGCONT) and restart it", async () => {
    const { source, states, errors } = await loadBeside(sources, hostileServer("echo"), {
      healthCheck: { intervalMs: 100, timeoutMs: 100, failures: 2 },
    });
    const pid = pidOf(source, VICTIM) as number;
    process.kill(pid, "SIGSTOP");
    try {
      const result = await callVictim(source, "echo", { text: "x" }, 300);

      expectCallError(result, "TIMEOUT");
      await expectOtherAnswers(source);
      await waitFor(() => source.state(VICTIM) === "running" && pidOf(source, VICTIM) !== pid, {
        message: "stopped server restarted",
      });
      expect(states(VICTIM)).toStrictEqual(RESTARTED);
      expect(errors(VICTIM)).toStrictEqual([`MCP server "${VICTIM}" missed 2 health checks`]);
      // SIGKILL reaches a stopped process: it is gone without a SIGCONT.
      await waitFor(() => !isAlive(pid), { message: "stopped server killed" });
      expect(await callVictim(source, "echo", { text: "back" })).toMatchObject({ text: "back" });
    } finally {
      if (isAlive(pid)) process.kill(pid, "SIGCONT");
    }
  });
});

describe("a server that exits during its start", () => {
  it.each([
    ["initialize", "during initialize"],
    ["tools/list", "during the listing"],
  ])(
    "should fail the start of a server exiting on %s with START_FAILED and its stderr, %s",
    async (method) => {
      const { source, states, errorCodes } = await loadBeside(
        sources,
        hostileServer("exit-during", { arg: method }),
      );

      expect(source.status).toStrictEqual({ [VICTIM]: "failed", [OTHER]: "connected" });
      expect(states(VICTIM)).toStrictEqual(["starting", "error"]);
      expect(errorCodes(VICTIM)).toStrictEqual(["START_FAILED"]);
      const info = source.servers().find((s) => s.name === VICTIM);
      expect(info?.lastError).toContain(`MCP server "${VICTIM}" failed to start`);
      expect(info?.stderrTail).toContain(`exit-during: dying on ${method}`);
      expect(source.tools.filter((t) => t.server === VICTIM)).toStrictEqual([]);
      await expectOtherAnswers(source);
    },
  );

  it("should resolve a call on a server exiting mid-call with CONNECTION_CLOSED, every time", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("exit-during", { arg: "tools/call" }));

    expectCallError(await callVictim(source, "echo", { text: "x" }), "CONNECTION_CLOSED");
    await waitFor(() => source.state(VICTIM) === "running", { message: "restarted after the exit" });
    expectCallError(await callVictim(source, "echo", { text: "x" }), "CONNECTION_CLOSED");

    expect(states(VICTIM).slice(0, 5)).toStrictEqual(RESTARTED);
    await expectOtherAnswers(source);
  });
});

describe("a tool that never answers", () => {
  it("should time each call out with TIMEOUT while the same server keeps answering its other tools", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("never-answers"));

    const results = await Promise.all(Array.from({ length: 20 }, () => callVictim(source, "never", {}, 300)));

    for (const result of results) expectCallError(result, "TIMEOUT");
    expect(await callVictim(source, "echo", { text: "alive" })).toMatchObject({
      isError: false,
      text: "alive",
    });
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });

  it("should resolve a call still waiting at close() with an error naming the server", async () => {
    const log = tempLogFile();
    const { source } = await loadBeside(sources, hostileServer("never-answers", { args: ["--log", log] }));
    const pid = pidOf(source, VICTIM) as number;

    const pending = callVictim(source, "never", {}, 60_000);
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "never"), {
      message: "the call at the server",
    });
    await source.close();
    const result = await pending;

    expect(result.isError).toBe(true);
    expect(result.text).toContain(`"${VICTIM}"`);
    expect(result.error?.code).toBeTypeOf("string");
    expect(isAlive(pid)).toBe(false);
  });
});

describe("a server that ignores SIGTERM and the end of its stdin", () => {
  it("should still end it on restart() and close(), with SIGKILL after killGraceMs", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("ignore-sigterm"));
    const first = pidOf(source, VICTIM) as number;

    await source.restart(VICTIM);
    const second = pidOf(source, VICTIM) as number;

    expect(second).not.toBe(first);
    expect(isAlive(first)).toBe(false);
    expect(states(VICTIM)).toStrictEqual(["starting", "running", "stopped", "starting", "running"]);
    expect(await callVictim(source, "echo", { text: "x" })).toMatchObject({ text: "x" });
    await expectOtherAnswers(source);

    await source.close();
    expect(isAlive(second)).toBe(false);
  });
});
