import { stdioServer, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import type { ToolCacheStore } from "../src/index.js";
import type { ToolCacheEntry } from "../src/stores.js";
import { failOnUnhandledRejections, toolByRawName, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources();

/** A listing cache that knows every lazy server's `echo` tool, so no discovery runs. */
const seededCache: ToolCacheStore = {
  get: (key): ToolCacheEntry => ({
    version: 1,
    server: "slow",
    fingerprint: key,
    savedAt: new Date(0).toISOString(),
    tools: [
      {
        name: "echo",
        description: "Echoes the given text",
        inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      },
    ],
  }),
  set: () => {},
};

/** One lazy `basic` server that takes `initDelayMs` to start, its tools from the seeded cache. */
async function loadSlowLazy(initDelayMs: number) {
  const source = await sources.load(
    {
      mcpServers: { slow: { ...stdioServer("basic", ["--init-delay-ms", String(initDelayMs)]), lazy: true } },
    },
    { toolCache: seededCache },
  );
  expect(source.state("slow")).toBe("stopped");
  return { source, echo: toolByRawName(source, "echo") };
}

describe("a lazy server's on-demand start, bounded by the call", () => {
  it("should end the call at its own timeout while the start goes on for later calls", async () => {
    const { source, echo } = await loadSlowLazy(4_000);

    const result = await echo.execute({ text: "too soon" }, { timeoutMs: 1_000 });
    expect(result.error?.kind).toBe("timeout");
    // The call ended before the server finished starting, and the start was not abandoned.
    expect(source.state("slow")).toBe("starting");

    await waitFor(() => source.state("slow") === "running", { timeoutMs: 20_000 });
    await expect(echo.execute({ text: "later" })).resolves.toMatchObject({ isError: false, text: "later" });
  }, 30_000);

  it("should end the call when its signal aborts while the start goes on", async () => {
    const { source, echo } = await loadSlowLazy(4_000);
    const controller = new AbortController();

    const pending = echo.execute({ text: "abort me" }, { signal: controller.signal, timeoutMs: 30_000 });
    await waitFor(() => source.state("slow") === "starting", { timeoutMs: 5_000 });
    controller.abort();
    const result = await pending;
    expect(result.error?.kind).toBe("aborted");
    expect(source.state("slow")).toBe("starting");

    await waitFor(() => source.state("slow") === "running", { timeoutMs: 20_000 });
    await expect(echo.execute({ text: "later" })).resolves.toMatchObject({ isError: false, text: "later" });
  }, 30_000);
});
