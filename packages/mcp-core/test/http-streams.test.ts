import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { collectStates, countEvents, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, tempLogFile, useSources } from "./support/harness.js";
import { type SseServer, startSseServer } from "./support/sse-server.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });

/** A port on 127.0.0.1 that was just listening and is now closed (connecting to it is refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("a GET notification stream that closes at once with retry: 0", () => {
  it("should reopen it a bounded number of times with backoff, then report the session lost", async () => {
    const log = tempLogFile("sse-retry-zero.log");
    const fixture = await httpFixture("hostile", ["--mode", "sse-retry-zero", "--log", log]);
    const source = await sources.load(
      { mcpServers: { web: { url: fixture.url } } },
      { autoRestart: { enabled: false } },
    );
    const echo = source.tools.find((t) => t.rawName === "echo");
    await expect(echo?.execute({ text: "still works" })).resolves.toMatchObject({ text: "still works" });

    // The churn ends: the stream is reopened a bounded number of times (the SDK alone reopens ~200
    // a second here, forever), then given up with the session, and the state says why.
    await waitFor(() => source.state("web") === "error", { timeoutMs: 30_000 });
    expect(source.servers()[0]?.lastError).toMatch(/closed its notification stream right after opening it/);
    const total = countEvents(log, "sse-get");
    expect(total).toBeGreaterThanOrEqual(2);
    expect(total).toBeLessThanOrEqual(10);
  }, 40_000);
});

describe("connection refused", () => {
  it("should name the cause (ECONNREFUSED host:port) in the start error, not only 'fetch failed'", async () => {
    const port = await closedPort();
    const source = await sources.load({ mcpServers: { web: { url: `http://127.0.0.1:${port}/mcp` } } });

    const [snapshot] = source.servers();
    expect(snapshot?.state).toBe("error");
    expect(snapshot?.lastError).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  });

  it("should name the cause when a modern server it knew is gone, not warn that it refused the subscription", async () => {
    // Found by the soak: a restart adopts the known modern verdict (no round trip), so the first
    // request that meets the dead endpoint is subscriptions/listen; the transport then ends the
    // session, and the start used to fail with the client's bare "Not connected" after a warning
    // that the server refused to report tool-list changes.
    const fixture = await httpFixture("modern");
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { web: { url: fixture.url } } },
      { autoRestart: { enabled: false }, onWarning: (warning) => warnings.push(warning) },
    );
    expect(source.servers()[0]?.protocolVersion).toBe("2026-07-28");
    await fixture.stop();

    const failure = await source.restart("web").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: "START_FAILED" });
    expect(source.servers()[0]?.lastError).toContain(`ECONNREFUSED 127.0.0.1:${fixture.port}`);
    expect(warnings.filter((w) => w.includes("refused to report tool-list changes"))).toEqual([]);
  });
});

describe("legacy SSE server restarted on the same port", () => {
  const RUNS = 20;

  it(`should notice the ended event stream and serve the next call on a new session (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      let sse: SseServer = await startSseServer();
      try {
        const port = Number(new URL(sse.url).port);
        const source = await sources.load(
          { mcpServers: { web: { type: "sse", url: sse.url, timeout: 2_000 } } },
          { autoRestart: { initialDelayMs: 20, maxDelayMs: 200, maxRetries: 50 } },
        );
        const echo = source.tools.find((t) => t.rawName === "echo");
        await expect(echo?.execute({ text: "before" })).resolves.toMatchObject({ text: "sse:before" });
        const states = collectStates(source);

        await sse.close();
        sse = await startSseServer({ port });

        // The end of the stream is the end of the session: it is reported, and a new one opened.
        await waitFor(() => states.states("web").includes("error") && source.state("web") === "running", {
          timeoutMs: 5_000,
          message: `run ${run}: no error → running after the server restarted`,
        });
        const result = await echo?.execute({ text: "after" }, { timeoutMs: 2_000 });
        expect(result, `run ${run}`).toMatchObject({ isError: false, text: "sse:after" });
        // The new session was opened by a new connect (GET), and no call reached an unknown session.
        expect(sse.requests.filter((r) => r.method === "GET")).toHaveLength(1);
        expect(sse.requests.filter((r) => r.status === 404)).toStrictEqual([]);
        await source.close();
      } finally {
        await sse.close();
      }
    }
  }, 120_000);
});
