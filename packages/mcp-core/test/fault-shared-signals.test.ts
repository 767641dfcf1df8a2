/**
 * Node prints `MaxListenersExceededWarning` once an AbortSignal holds more than 10 listeners. A
 * signal the engine shares — the load's `signal` (one per server), a server's close (one per waiting
 * task call), a session's end (one per URL elicitation waiting for its completion) — must hold one
 * listener however many wait on it: no warning at MANY servers, MANY task calls or 64 URL waits. Nor
 * a caller's signal a host passes to every call of an agent's turn: MANY calls on either era, MANY
 * waiting for a lazy start, MANY task calls.
 */
import { stdioServer, waitFor } from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_PENDING_COMPLETIONS } from "../src/elicitation/elicitation-completions.js";
import type { ElicitationHandler, McpTool } from "../src/index.js";
import { failOnUnhandledRejections, httpFixture, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

/**
 * How many share one signal in each case: three times the 10 listeners past which Node warns, so a
 * listener per waiter is seen (200 before: the same verdict for six times the servers and calls).
 */
const MANY = 32;

/** The Node warnings about listeners printed while a test runs. */
let listenerWarnings: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === "MaxListenersExceededWarning") listenerWarnings.push(warning.message);
};
beforeEach(() => {
  listenerWarnings = [];
  process.on("warning", onWarning);
});
afterEach(() => {
  process.off("warning", onWarning);
});

/** The warnings printed so far (Node emits one on the next tick after the listener that passed 10). */
async function warningsSoFar(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return listenerWarnings;
}

describe("listeners on a shared AbortSignal", () => {
  it(`should print no listener warning for ${MANY} servers loaded with the host's signal`, async () => {
    const fixture = await httpFixture("basic");
    const names = Array.from({ length: MANY }, (_, i) => `s${i}`);
    const controller = new AbortController();
    const servers = Object.fromEntries(names.map((name) => [name, { url: fixture.url }]));
    const source = await sources.loadServers(servers, { signal: controller.signal, onWarning: () => {} });

    // Every server started (on a busy machine one fixture may reset a few of its connections at once:
    // each server's runner watches the signal from its construction, so a failed start counts too).
    expect(Object.keys(source.status)).toHaveLength(MANY);
    expect(Object.values(source.status).filter((s) => s !== "connected" && s !== "failed")).toStrictEqual([]);
    expect(Object.values(source.status)).toContain("connected");
    expect(await warningsSoFar()).toStrictEqual([]);
  }, 60_000);

  it(`should print no listener warning for ${MAX_PENDING_COMPLETIONS} URL elicitations waiting for their completion`, async () => {
    const completions: Promise<boolean>[] = [];
    const onElicitation: ElicitationHandler = async (_server, _request, context) => {
      if (context?.completed) completions.push(context.completed);
      return { action: "accept" };
    };
    const source = await sources.loadServers(
      { e: { ...stdioServer("dual-era", ["--input-tools"]), protocol: "2025-11-25" } },
      // The rate allows them within the minute: 64 waits on one session are reachable over 10 minutes.
      { onElicitation, onWarning: () => {}, maxElicitationsPerMinute: MAX_PENDING_COMPLETIONS },
    );
    const askUrl = toolByRawName(source, "ask_url");

    // Accepted, never completed: each waits on the server, which never sends the completion.
    const answers = await Promise.all(
      Array.from({ length: MAX_PENDING_COMPLETIONS }, () => askUrl.execute({})),
    );
    expect(answers.filter((a) => !a.isError)).toHaveLength(MAX_PENDING_COMPLETIONS);
    expect(completions).toHaveLength(MAX_PENDING_COMPLETIONS);
    expect(await warningsSoFar()).toStrictEqual([]);

    // The session's end still reaches every wait through the one listener.
    let settled = 0;
    for (const completion of completions) void completion.then(() => (settled += 1));
    await source.close();
    await waitFor(() => settled === MAX_PENDING_COMPLETIONS, {
      timeoutMs: 5_000,
      message: "every wait settled",
    });
    expect(await Promise.all(completions)).toStrictEqual(completions.map(() => false));
  });

  describe("a caller's signal passed to every call (an agent's turn)", () => {
    /** MANY calls of `tool` at once, all given one signal; their results. */
    const callsSharing = (tool: McpTool, args: (i: number) => Record<string, unknown>) => {
      const signal = new AbortController().signal;
      return Promise.all(Array.from({ length: MANY }, (_, i) => tool.execute(args(i), { signal })));
    };

    it.each(["basic", "modern"] as const)(
      `should print no listener warning for ${MANY} calls to a %s server`,
      async (fixture) => {
        const server = await httpFixture(fixture);
        const source = await sources.loadServers({ s: { url: server.url } });

        const results = await callsSharing(toolByRawName(source, "slow"), () => ({ ms: 300, steps: 1 }));

        expect(results.filter((r) => r.text === "done")).toHaveLength(MANY);
        expect(await warningsSoFar()).toStrictEqual([]);
      },
    );

    it(`should print no listener warning for ${MANY} calls waiting for a lazy server's start`, async () => {
      const source = await sources.loadServers({ s: { ...stdioServer("basic"), lazy: true } });
      // Listed by a background discovery (no cache); not started until the first call.
      await waitFor(() => source.tools.length > 0, { message: "the lazy server's listing" });
      expect(source.state("s")).not.toBe("running");

      const results = await callsSharing(toolByRawName(source, "echo"), (i) => ({ text: `e${i}` }));

      expect(results.filter((r) => !r.isError)).toHaveLength(MANY);
      expect(await warningsSoFar()).toStrictEqual([]);
    });

    // Each waiting task call also waits on its server's close: one signal shared twice over.
    it(`should print no listener warning for ${MANY} task calls waiting on one server`, async () => {
      const fixture = await httpFixture("tasks", [
        "--work-ms",
        "1000",
        "--stages",
        "1",
        "--poll-interval-ms",
        "1000",
      ]);
      const source = await sources.loadServers({ t: { url: fixture.url } }, { taskStore: null });

      const results = await callsSharing(toolByRawName(source, "slow_task"), (i) => ({ label: `c${i}` }));

      expect(results.filter((r) => !r.isError)).toHaveLength(MANY);
      expect(await warningsSoFar()).toStrictEqual([]);
    }, 60_000);
  });
});
