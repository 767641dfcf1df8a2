// OAuth over time, against the real OAuth fixture with 2-second access tokens and rotating refresh
// tokens that reject reuse: a 60-second run calling every 100 ms loses no call. Long by nature, so
// it runs apart (`npm run test:soak`, called by CI after `npm test`), beside oauth-two-hosts.test.ts
// (its own file so the two run side by side: both mostly wait). It measures nothing, it counts failures.
import { readLog } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "../test/support/harness.js";
import { approve, MemoryTokenStore } from "../test/support/oauth-harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refresh outcomes the fixture logged other than a clean rotation (reuse, revocation…). */
const badRefreshes = (log: string) =>
  readLog(log)
    .filter((e) => e.event === "refresh" && e.outcome !== "ok")
    .map((e) => String(e.outcome));

/** Calls `echo` every 100 ms for `ms`; returns how many calls failed, and how many were made. */
async function callEvery100ms(execute: (text: string) => Promise<{ isError: boolean }>, ms: number) {
  const until = Date.now() + ms;
  let calls = 0;
  let failed = 0;
  while (Date.now() < until) {
    const result = await execute(`call ${calls}`);
    calls++;
    if (result.isError) failed++;
    await sleep(100);
  }
  return { calls, failed };
}

describe("OAuth over a long run", () => {
  it("should make a call every 100 ms for 60 s with 2 s tokens and lose none", async () => {
    const log = tempLogFile("oauth-soak.log");
    const fixture = await httpFixture("oauth", ["--log", log, "--client", "app", "--token-ttl-ms", "2000"]);
    const source = await sources.load(
      { mcpServers: { o: { url: fixture.url, auth: { type: "oauth", clientId: "app" } } } },
      { tokenStore: new MemoryTokenStore(), refreshSkewMs: 500, onWarning: () => {} },
    );
    await source.authorize("o", await approve(new URL(source.servers()[0]?.authorizationUrl ?? "")));
    const echo = toolByRawName(source, "echo", "o");
    const unauthorizedBefore = readLog(log).filter((e) => e.event === "unauthorized").length;
    const run = await callEvery100ms((text) => echo.execute({ text }), 60_000);
    expect(run.calls).toBeGreaterThan(300);
    expect(run.failed).toBe(0);
    expect(badRefreshes(log)).toEqual([]);
    // Proactive: no request went out with an expired token (a 401 would be logged as unauthorized).
    expect(readLog(log).filter((e) => e.event === "unauthorized").length).toBe(unauthorizedBefore);
    expect(readLog(log).filter((e) => e.event === "refresh").length).toBeGreaterThan(10);
    expect(source.state("o")).toBe("running");
  }, 90_000);
});
