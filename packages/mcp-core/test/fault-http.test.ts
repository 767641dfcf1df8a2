/**
 * HTTP faults against real servers on 127.0.0.1, each beside a well-behaved stdio server in the same
 * source: the states the faulty server goes through, what a call sees (`execute` resolves with an
 * error naming the server and a stable code; never throws, never hangs), and that the other server
 * keeps answering. Both eras where the fault applies: `basic` holds 2025-11-25 sessions, `modern`
 * speaks 2026-07-28 only.
 */
import { collectStates, countEvents, hostileServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpSource, McpToolResult } from "../src/index.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });

/** Longer than any test here may take: a call that waited for it would fail the test by its timeout. */
const NEVER_MS = 60_000;

const ERAS = [
  ["legacy 2025-11-25 sessions", "basic"],
  ["modern 2026-07-28", "modern"],
] as const;

/** Loads `web` (the faulty HTTP server) beside `good` (a stdio echo). */
function withGood(url: string, autoRestart: object = { enabled: false }): Promise<McpSource> {
  return sources.load({ mcpServers: { web: { url }, good: hostileServer("echo") } }, { autoRestart });
}

async function expectGoodAnswers(source: McpSource): Promise<void> {
  const result = await toolByRawName(source, "echo", "good").execute({ text: "still here" });
  expect(result).toMatchObject({ isError: false, text: "still here" });
  expect(source.state("good")).toBe("running");
}

function expectFailure(result: McpToolResult, codes: readonly string[]): void {
  expect(result.isError, result.text).toBe(true);
  expect(result.error?.message).toContain('MCP server "web"');
  expect(codes).toContain(result.error?.code);
}

describe("an HTTP tool call answered 500", () => {
  it("should fail that call with CALL_FAILED and keep the session running", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "http-fault", "--arg", "500"]);
    const source = await withGood(fixture.url);
    const states = collectStates(source);

    const result = await toolByRawName(source, "fault", "web").execute({}, { timeoutMs: NEVER_MS });
    expectFailure(result, ["CALL_FAILED"]);
    expect(result.error?.kind).toBe("unavailable");
    // One failed request is not a lost session: no transition, the next call goes through.
    await expect(toolByRawName(source, "echo", "web").execute({ text: "x" })).resolves.toMatchObject({
      isError: false,
      text: "x",
    });
    expect(states.states("web")).toStrictEqual([]);
    await expectGoodAnswers(source);
  });

  it("should fail the start of a server answering every POST 500 and keep the other server", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "http-fault", "--arg", "500-all"]);
    const source = await withGood(fixture.url);
    expect(source.state("web")).toBe("error");
    expect(source.servers().find((s) => s.name === "web")?.lastError).toMatch(/MCP server "web"/);
    await expectGoodAnswers(source);
  });
});

describe("an HTTP tool call that never gets a response (stalled)", () => {
  it("should time out that call with TIMEOUT and keep the session running", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "http-fault", "--arg", "stall"]);
    const source = await withGood(fixture.url);
    const states = collectStates(source);

    const result = await toolByRawName(source, "fault", "web").execute({}, { timeoutMs: 500 });
    expectFailure(result, ["TIMEOUT"]);
    expect(result.error?.kind).toBe("timeout");
    await expect(toolByRawName(source, "echo", "web").execute({ text: "x" })).resolves.toMatchObject({
      text: "x",
    });
    expect(states.states("web")).toStrictEqual([]);
    await expectGoodAnswers(source);
  });
});

describe("an HTTP tool call whose SSE response stream drops every event", () => {
  it("should fail that call with CALL_FAILED when the stream ends, not wait for its timeout", async () => {
    const fixture = await httpFixture("hostile", ["--mode", "http-fault", "--arg", "sse-drop"]);
    const source = await withGood(fixture.url);
    const states = collectStates(source);

    const result = await toolByRawName(source, "fault", "web").execute({}, { timeoutMs: NEVER_MS });
    expectFailure(result, ["CALL_FAILED"]);
    expect(result.error?.detail).toBe("the server ended the response stream without answering");
    await expect(toolByRawName(source, "echo", "web").execute({ text: "x" })).resolves.toMatchObject({
      text: "x",
    });
    expect(states.states("web")).toStrictEqual([]);
    await expectGoodAnswers(source);
  }, 15_000);
});

describe.each(ERAS)("an HTTP server restarted on the same port mid-call (%s)", (_era, fixtureName) => {
  it("should end the call in flight with CONNECTION_CLOSED, then run again and serve the held tool", async () => {
    const log = tempLogFile(`${fixtureName}.log`);
    const fixture = await httpFixture(fixtureName, ["--log", log]);
    // Retries enough to outlast the fixture's restart on a loaded machine (a new process binding the
    // same port): ten at 50–200 ms apart gave up after ~2 s, and the test waited out its 8 s.
    const source = await withGood(fixture.url, { initialDelayMs: 50, maxDelayMs: 200, maxRetries: 100 });
    const held = toolByRawName(source, "echo", "web");
    const states = collectStates(source);

    const call = toolByRawName(source, "slow", "web").execute(
      { ms: 5_000, steps: 1 },
      { timeoutMs: NEVER_MS },
    );
    // The call is on the wire once the server logged it.
    await waitFor(() => countEvents(log, "call") > 0);
    await fixture.restart();
    // The response stream breaks as the process dies (CALL_FAILED: it ended without an answer), or
    // the lost session is noticed first (CONNECTION_CLOSED / SESSION_LOST): a race, both prompt.
    expectFailure(await call, ["CONNECTION_CLOSED", "SESSION_LOST", "CALL_FAILED"]);
    await expectGoodAnswers(source);

    await waitFor(async () => (await held.execute({ text: "back" })).text === "back", { timeoutMs: 8_000 });
    const seen = states.states("web");
    expect(seen[0]).toBe("error");
    expect(seen).toContain("starting");
    expect(seen.at(-1)).toBe("running");
  }, 20_000);
});

describe.each(ERAS)("an HTTP server gone: connection refused (%s)", (_era, fixtureName) => {
  it("should fail calls with an unavailable code and name ECONNREFUSED in every failed start", async () => {
    const fixture = await httpFixture(fixtureName);
    const source = await withGood(fixture.url);
    const states = collectStates(source);
    await fixture.stop();

    const result = await toolByRawName(source, "echo", "web").execute({ text: "a" }, { timeoutMs: NEVER_MS });
    expectFailure(result, ["CONNECTION_CLOSED", "SESSION_LOST", "CALL_FAILED", "SERVER_FAILED"]);
    expect(result.error?.kind).toBe("unavailable");
    await waitFor(() => source.state("web") === "error");
    // A restart fails for the same reason; on the modern era it used to say only "Not connected".
    await expect(source.restart("web")).rejects.toThrow(/ECONNREFUSED 127\.0\.0\.1:\d+/);
    expect(source.servers()[0]?.lastError).toMatch(/ECONNREFUSED/);
    expect(states.states("web")).toStrictEqual(["error", "stopped", "starting", "error"]);
    const after = await toolByRawName(source, "echo", "web").execute({ text: "b" }, { timeoutMs: NEVER_MS });
    expectFailure(after, ["SERVER_FAILED"]);
    await expectGoodAnswers(source);
  });
});
