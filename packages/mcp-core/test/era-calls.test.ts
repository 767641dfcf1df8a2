// Timeouts, aborts and progress behave the same on both eras, through loadMcp: a timed-out or
// aborted call resolves (never throws) with its kind, and the server's handler sees the abort
// (2025 era and modern stdio: notifications/cancelled; modern HTTP: the request's stream closes);
// progress resets the call's timeout. Real processes: basic (2025 era) and modern (2026-07-28).
import { countEvents, stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { McpProgress } from "../src/index.js";
import {
  failOnUnhandledRejections,
  httpFixture,
  tempLogFile,
  toolByRawName,
  useSources,
} from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const CASES = [
  { fixture: "basic", wire: "stdio", version: "2025-11-25" },
  { fixture: "modern", wire: "stdio", version: "2026-07-28" },
  { fixture: "modern", wire: "http", version: "2026-07-28" },
] as const;

describe.each(CASES)("calls on $fixture over $wire", ({ fixture, wire, version }) => {
  async function slowTool() {
    const log = tempLogFile(`${fixture}-${wire}-calls.log`);
    const entry =
      wire === "http"
        ? { url: (await httpFixture(fixture, ["--log", log])).url }
        : stdioServer(fixture, ["--log", log]);
    const source = await sources.load({ mcpServers: { s: entry } });
    expect(source.servers()[0]?.protocolVersion).toBe(version);
    return { slow: toolByRawName(source, "slow", "s"), log };
  }

  it("should resolve a timed-out call as a timeout and stop the server's handler", async () => {
    const { slow, log } = await slowTool();
    const result = await slow.execute({ ms: 20_000, steps: 1 }, { timeoutMs: 200 });
    expect(result.error).toMatchObject({ kind: "timeout", code: "TIMEOUT" });
    await waitFor(() => countEvents(log, "aborted") === 1, { timeoutMs: 5_000 });
  });

  it("should resolve an aborted call as aborted and stop the server's handler", async () => {
    const { slow, log } = await slowTool();
    const controller = new AbortController();
    const pending = slow.execute({ ms: 20_000, steps: 1 }, { signal: controller.signal });
    await waitFor(() => countEvents(log, "call") >= 1, { timeoutMs: 5_000 });
    controller.abort();
    const result = await pending;
    expect(result.error).toMatchObject({ kind: "aborted", code: "ABORTED" });
    await waitFor(() => countEvents(log, "aborted") === 1, { timeoutMs: 5_000 });
  });

  it("should let progress reset the timeout of a call that outlives it", async () => {
    const { slow } = await slowTool();
    const progress: McpProgress[] = [];
    const result = await slow.execute(
      { ms: 1_200, steps: 8 },
      { timeoutMs: 500, onProgress: (p) => progress.push(p) },
    );
    expect(result).toMatchObject({ isError: false, text: "done" });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
