import { collectStates, type HttpFixture, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp, type McpSource } from "../src/index.js";
import { failOnUnhandledRejections } from "./support/unhandled.js";

failOnUnhandledRejections();

let fixture: HttpFixture | undefined;
let source: McpSource | undefined;

afterEach(async () => {
  await source?.close();
  await fixture?.stop();
  source = undefined;
  fixture = undefined;
});

describe("remote server restarted on the same port", () => {
  it("should reconnect with a fresh session and serve the held tool again", async () => {
    fixture = await startHttpFixture("basic");
    const url = fixture.url;
    source = await loadMcp(
      { mcpServers: { web: { url } } },
      { toolCache: false, autoRestart: { initialDelayMs: 100, maxDelayMs: 400, maxRetries: 20 } },
    );
    const live = source;
    const echo = live.tools.find((t) => t.rawName === "echo");
    expect((await echo?.execute({ text: "one" }))?.text).toBe("one");
    const states = collectStates(live);
    await fixture.restart();
    await waitFor(() => states.states("web").includes("error"), { timeoutMs: 10_000 });
    await waitFor(() => live.state("web") === "running", { timeoutMs: 15_000 });
    const result = await echo?.execute({ text: "two" });
    expect(result).toMatchObject({ isError: false, text: "two" });
    expect(states.states("web").slice(0, 2)).toEqual(["error", "starting"]);
    expect(states.states("web").at(-1)).toBe("running");
  });

  it("should detect a lost session (404) on the next request and restart", async () => {
    fixture = await startHttpFixture("basic");
    source = await loadMcp(
      { mcpServers: { web: { url: fixture.url } } },
      { toolCache: false, autoRestart: { initialDelayMs: 50 } },
    );
    const live = source;
    const echo = live.tools.find((t) => t.rawName === "echo");
    const states = collectStates(live);
    await fixture.restart();
    // The first request after the server restart hits 404 (stale session) or the refused GET stream;
    // either is reported as the loss of the session, and a later call succeeds on a new session.
    await echo?.execute({ text: "a" }, { timeout: 10_000 });
    await waitFor(async () => (await echo?.execute({ text: "b" }))?.text === "b", { timeoutMs: 15_000 });
    const lost = states.events.find((e) => e.state === "error")?.info as
      | { error?: { code?: string } }
      | undefined;
    expect(["SESSION_LOST", "CONNECTION_CLOSED"]).toContain(lost?.error?.code);
    expect(live.servers()[0]?.restarts).toBeGreaterThanOrEqual(1);
  });
});
