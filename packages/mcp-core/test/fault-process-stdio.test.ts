/**
 * stdio stream faults against real children: garbage and cut-off JSON on stdout, a frame cut by the
 * server's death, lines of 50 MiB, 10 MiB of stderr, and answers to requests never sent. Each test
 * checks the states the server goes through, what the call sees and that another server of the same
 * source keeps answering. The big lines are streamed by the child; the test never holds them.
 */
import { countEvents, hostileServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  callVictim,
  expectCallError,
  expectOtherAnswers,
  loadBeside,
  RESTARTED,
  STARTED,
  VICTIM,
} from "./support/fault-source.js";
import { failOnUnhandledRejections, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const MiB = 1024 * 1024;
const sources = useSources({ toolCache: null, killGraceMs: 500, autoRestart: { initialDelayMs: 50 } });

describe("junk on stdout", () => {
  it("should skip garbage, cut-off JSON and JSON that is not JSON-RPC, answer the call and warn once", async () => {
    const { source, states, warnings } = await loadBeside(sources, hostileServer("stdout-junk"));

    expect(await callVictim(source, "junk")).toMatchObject({ isError: false, text: "after junk" });
    expect(await callVictim(source, "junk")).toMatchObject({ isError: false, text: "after junk" });
    expect(await callVictim(source, "echo", { text: "clean" })).toMatchObject({ text: "clean" });

    expect(states(VICTIM)).toStrictEqual(STARTED);
    // One warning per burst of noise, its first line escaped.
    expect(warnings).toStrictEqual([
      `MCP server "${VICTIM}" wrote a line that is not JSON-RPC to stdout: Listening... \\x1b[31mwarn\\x1b[0m\\tnot json`,
    ]);
    await expectOtherAnswers(source);
  });

  it("should fail a call whose answer was cut by the server's exit with CONNECTION_CLOSED, then restart it", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("stdout-junk"));

    expectCallError(await callVictim(source, "cut"), "CONNECTION_CLOSED");
    await waitFor(() => source.state(VICTIM) === "running", { message: "restarted after the cut frame" });

    expect(states(VICTIM)).toStrictEqual(RESTARTED);
    expect(await callVictim(source, "echo", { text: "whole" })).toMatchObject({ text: "whole" });
    await expectOtherAnswers(source);
  });
});

describe("a 50 MiB line on stdout", () => {
  it("should read a 50 MiB answer (under maxFrameBytes) and cut it to maxResultBytes with the marker", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("stream-line", { arg: 50 }));

    const result = await callVictim(source, "line");

    expect(result.isError).toBe(false);
    expect(result.content).toHaveLength(2);
    expect(result.content[1]).toStrictEqual({
      type: "text",
      text: `[truncated: ${8 * MiB} of ${50 * MiB} bytes shown]`,
    });
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });

  it("should skip a 50 MiB line of garbage and answer the call after it", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("stream-line", { arg: 50 }));

    expect(await callVictim(source, "garbage")).toMatchObject({ isError: false, text: "after garbage" });

    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("10 MiB on stderr", () => {
  it("should drain it without blocking the server, keep a bounded tail and answer the call", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("log-flood"));

    const result = await callVictim(source, "stderr_lines", { count: 10 * 1024, chars: 1023 });

    expect(result).toMatchObject({ isError: false, text: "ok" });
    // The server wrote its stderr before the answer, but the two pipes are read apart: on a busy
    // machine the answer can be read first, so wait (bounded) for the stderr the pipe still holds.
    const tail = await waitFor(() => source.servers().find((s) => s.name === VICTIM)?.stderrTail, {
      message: "the victim's stderr tail",
    });
    expect(tail.length).toBeLessThanOrEqual(16 * 1024);
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("answers to requests never sent", () => {
  it("should drop results and errors for unknown ids and answer the real call", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("stray-response", { arg: 5 }));

    expect(await callVictim(source, "stray")).toMatchObject({ isError: false, text: "after strays" });
    expect(await callVictim(source, "echo", { text: "next" })).toMatchObject({
      isError: false,
      text: "next",
    });
    expect(await callVictim(source, "stray")).toMatchObject({ isError: false, text: "after strays" });

    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("an answer to a call the client gave up on", () => {
  it("should drop the late answer of a timed-out call and answer the calls after it", async () => {
    const log = tempLogFile("late.log");
    const victim = hostileServer("stray-response", { args: ["--log", log] });
    const { source, states } = await loadBeside(sources, victim);

    expectCallError(await callVictim(source, "late", { ms: 300 }, 100), "TIMEOUT");
    await waitFor(() => countEvents(log, "late-answer") === 1, { message: "the late answer to be written" });
    // The late answer precedes this call's on the same pipe: read first, and never taken for it.
    expect(await callVictim(source, "echo", { text: "next" })).toMatchObject({
      isError: false,
      text: "next",
    });
    expect(await callVictim(source, "stray")).toMatchObject({ isError: false, text: "after strays" });

    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});
