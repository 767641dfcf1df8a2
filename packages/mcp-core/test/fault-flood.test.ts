/**
 * Floods and unasked requests from real servers, each beside a well-behaved stdio server in the same
 * source: thousands of notifications a second (tools/list_changed, progress, log messages) and
 * server-to-client requests the client never advertised. The host hears what it asked for, bounded;
 * the flooding server keeps running; an unasked request gets a JSON-RPC error, never a hang or a
 * throw; the other server keeps answering.
 */
import { collectStates, collectToolChanges, countEvents, hostileServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpProgress, McpSource, ServerLogMessage } from "../src/index.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });

/**
 * Notifications per flood, sent as fast as the server can: far past every bound below (at most 10
 * re-listings, logs 100 at once then 50 a second); HTTP carries each as an SSE event, so fewer there.
 */
const FLOODS = { stdio: 2_000, http: 1_000 } as const;

async function expectGoodAnswers(source: McpSource): Promise<void> {
  const result = await toolByRawName(source, "echo", "good").execute({ text: "still here" });
  expect(result).toMatchObject({ isError: false, text: "still here" });
}

/** `flood` over stdio or over HTTP (a fixture started for the test), beside `good`. */
async function loadFlood(
  mode: string,
  transport: "stdio" | "http",
  log: string,
  options: Parameters<typeof sources.load>[1] = {},
): Promise<McpSource> {
  const args = ["--log", log];
  const count = FLOODS[transport];
  const flood =
    transport === "stdio"
      ? hostileServer(mode, { arg: count, args })
      : { url: (await httpFixture("hostile", ["--mode", mode, "--arg", String(count), ...args])).url };
  return sources.load({ mcpServers: { flood, good: hostileServer("echo") } }, options);
}

describe.each(["stdio", "http"] as const)("notification floods (%s)", (transport) => {
  const FLOOD = FLOODS[transport];

  it(`should fold ${FLOOD} tools/list_changed into a few re-listings and keep the server running`, async () => {
    const log = tempLogFile("flood.log");
    const source = await loadFlood("notify-flood", transport, log);
    const states = collectStates(source);
    const changes = collectToolChanges(source);
    const listsBefore = countEvents(log, "list");

    const result = await toolByRawName(source, "list_changed", "flood").execute({});
    expect(result).toMatchObject({ isError: false, text: `sent ${FLOOD}` });
    await source.whenSettled("flood");
    const relisted = countEvents(log, "list") - listsBefore;
    expect(relisted).toBeLessThanOrEqual(10);
    expect(changes.changes("flood")).toStrictEqual([]);
    expect(states.states("flood")).toStrictEqual([]);
    await expect(toolByRawName(source, "echo", "flood").execute({ text: "x" })).resolves.toMatchObject({
      text: "x",
    });
    await expectGoodAnswers(source);
  });

  it(`should deliver a progress flood of ${FLOOD} to the caller and ignore ${FLOOD} for a token nobody holds`, async () => {
    const log = tempLogFile("flood.log");
    const source = await loadFlood("notify-flood", transport, log);
    const states = collectStates(source);
    const seen: McpProgress[] = [];

    const result = await toolByRawName(source, "progress", "flood").execute(
      {},
      { onProgress: (p) => seen.push(p) },
    );
    expect(result).toMatchObject({ isError: false, text: `sent ${FLOOD}` });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThanOrEqual(FLOOD);
    expect(states.states("flood")).toStrictEqual([]);
    await expectGoodAnswers(source);
  });

  it(`should cap a flood of ${FLOOD} log messages and keep the server answering`, async () => {
    const log = tempLogFile("flood.log");
    const delivered: ServerLogMessage[] = [];
    const source = await loadFlood("log-flood", transport, log, {
      serverLogLevel: "info",
      onServerLog: (_server, message) => delivered.push(message),
    });
    const states = collectStates(source);
    const result = await toolByRawName(source, "flood", "flood").execute({});
    expect(result).toMatchObject({ isError: false, text: `sent ${FLOOD}` });
    // Over HTTP they come on the session's GET stream, which may trail the call's own response.
    await waitFor(() => delivered.length > 0);
    await source.whenSettled("flood");
    expect(delivered.length).toBeLessThan(FLOOD);
    expect(states.states("flood")).toStrictEqual([]);
    await expectGoodAnswers(source);
  });
});

const UNASKED = ["sampling/createMessage", "roots/list", "elicitation/create", "tools/call", "x/unknown"];

describe.each(["stdio", "http"] as const)(
  "server-to-client requests the client did not advertise (%s)",
  (transport) => {
    it(`should answer each of ${UNASKED.join(", ")} with a JSON-RPC error, and the call completes`, async () => {
      const log = tempLogFile("unasked.log");
      const source = await loadFlood("unasked-requests", transport, log);
      const states = collectStates(source);
      for (const method of UNASKED) {
        const result = await toolByRawName(source, "ask", "flood").execute({ method }, { timeoutMs: 10_000 });
        expect(result.isError, method).toBe(false);
        expect(result.text, method).toBe("error -32601: MCP error -32601: Method not found");
      }
      expect(states.states("flood")).toStrictEqual([]);
      await expectGoodAnswers(source);
    });
  },
);
