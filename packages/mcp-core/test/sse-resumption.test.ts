/**
 * Resuming a request's response stream (SEP-1699): a server closes a POST's event stream after an
 * event with an `id` and a `retry:`, and the client resumes it with a GET carrying Last-Event-ID.
 * That GET waits the server's `retry:`, not the notification stream's quick-drop floor; a server
 * that closes the resumed stream at once again and again meets a floor of its own.
 */
import { countEvents, readLog, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

describe("a response stream closed with retry: 500 while the notification stream churns", () => {
  it("should resume it after the server's retry, while the notification stream stays under its floor", async () => {
    const log = tempLogFile("sse-resume.log");
    const fixture = await httpFixture("hostile", ["--mode", "sse-resume", "--arg", "500", "--log", log]);
    const source = await sources.load({ mcpServers: { web: { url: fixture.url } } });
    // Three quick drops of the notification stream: its floor now waits 1 s, then 2 s, before
    // each reopening — what a resumption counted on that floor would wait too.
    await waitFor(() => countEvents(log, "sse-get") >= 3, { timeoutMs: 10_000, message: "three GETs" });

    const echo = source.tools.find((t) => t.rawName === "echo");
    await expect(echo?.execute({ text: "resumed" })).resolves.toMatchObject({ text: "resumed" });

    const events = readLog(log);
    const closed = events.find((e) => e.event === "post-stream-closed");
    const resumed = events.find((e) => e.event === "resume-get");
    expect(closed?.closed).toBe(true);
    // The SDK waits the server's 500 ms; the notification stream's floor would add 2 s or more.
    const waitedMs = Number(resumed?.at) - Number(closed?.at);
    expect(waitedMs).toBeGreaterThanOrEqual(450);
    expect(waitedMs).toBeLessThan(1_500);
    // The notification stream is still floored: its reopenings wait 250 ms, then 500 ms.
    const gets = events.filter((e) => e.event === "sse-get").map((e) => Number(e.at));
    expect(gets.length).toBeLessThanOrEqual(5);
    expect((gets[1] ?? 0) - (gets[0] ?? 0)).toBeGreaterThanOrEqual(200);
    expect((gets[2] ?? 0) - (gets[1] ?? 0)).toBeGreaterThanOrEqual(450);
  });
});

describe("a response stream that the server closes at once on every resumption, with retry: 0", () => {
  it("should hold the resumptions back under a floor of their own, not reopen it in a tight loop", async () => {
    const log = tempLogFile("sse-resume-churn.log");
    const fixture = await httpFixture("hostile", ["--mode", "sse-resume-churn", "--arg", "0", "--log", log]);
    const source = await sources.load({ mcpServers: { web: { url: fixture.url } } });
    const echo = source.tools.find((t) => t.rawName === "echo");
    const call = echo?.execute({ text: "never answered" }, { timeoutMs: 20_000 });

    // The first resumption goes at once (the server's retry: 0); the next ones wait 250 ms, 500 ms…
    // (the SDK alone reopens it every few milliseconds, for as long as the call waits).
    await waitFor(() => countEvents(log, "resume-get") >= 3, { timeoutMs: 10_000, message: "three GETs" });
    const [, second, third] = readLog(log).map((e) => Number(e.at));
    expect(Number(third) - Number(second)).toBeGreaterThanOrEqual(200);

    await source.close();
    await expect(call).resolves.toMatchObject({ isError: true, error: { kind: "unavailable" } });
  });
});
