import { collectStates, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });

describe("remote server restarted on the same port", () => {
  it("should reconnect with a fresh session and serve the held tool again", async () => {
    const fixture = await httpFixture("basic");
    const url = fixture.url;
    const live = await sources.load(
      { mcpServers: { web: { url } } },
      { autoRestart: { initialDelayMs: 100, maxDelayMs: 400, maxRetries: 20 } },
    );
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
    const fixture = await httpFixture("basic");
    const live = await sources.load(
      { mcpServers: { web: { url: fixture.url } } },
      { autoRestart: { initialDelayMs: 50 } },
    );
    const echo = live.tools.find((t) => t.rawName === "echo");
    const states = collectStates(live);
    await fixture.restart();
    // The first request after the server restart hits 404 (stale session) or the refused GET stream;
    // either is reported as the loss of the session, and a later call succeeds on a new session.
    await echo?.execute({ text: "a" }, { timeoutMs: 10_000 });
    await waitFor(async () => (await echo?.execute({ text: "b" }))?.text === "b", { timeoutMs: 15_000 });
    const lost = states.events.find((e) => e.state === "error")?.info as
      | { error?: { code?: string } }
      | undefined;
    expect(["SESSION_LOST", "CONNECTION_CLOSED"]).toContain(lost?.error?.code);
    expect(live.servers()[0]?.restarts).toBeGreaterThanOrEqual(1);
  });
});
