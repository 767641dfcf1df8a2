import { join } from "node:path";
import { makeTempDir, readLog, removeTempDir, sourceLoader, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp, type McpToolProgress } from "../src/index.js";
import { local, tool } from "./helpers.js";

/** Every entry reports a bad option as the core does. */
const OPTIONS_INVALID = expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" });

const sources = sourceLoader(loadMcp, { toolCache: false });
afterEach(() => sources.closeAll());

describe("the call options every adapter shares (timeoutMs, onProgress)", () => {
  it("should apply the load's timeoutMs to every call, a call's own ctx.timeout winning", async () => {
    const source = await sources.load({ mcp: { basic: local("basic") } }, { timeoutMs: 100 });
    await expect(tool(source, "basic_slow").execute({ ms: 2000 })).resolves.toEqual({
      output: 'Call to tool "basic_slow" on MCP server "basic" timed out after 100 ms',
      isError: true,
      metadata: { server: "basic" },
    });
    const done = await tool(source, "basic_slow").execute({ ms: 200, steps: 1 }, { timeout: 5000 });
    expect(done).toMatchObject({ isError: false });
  });

  it("should report progress in the shape every adapter shares", async () => {
    const progress: McpToolProgress[] = [];
    const source = await sources.load(
      { mcp: { basic: local("basic") } },
      { onProgress: (p) => progress.push(p) },
    );
    await expect(tool(source, "basic_slow").execute({ ms: 50, steps: 1 })).resolves.toMatchObject({
      isError: false,
    });
    expect(progress).toEqual([
      { progress: 1, total: 1, message: "step 1/1", toolName: "basic_slow", server: "basic" },
    ]);
  });

  it("should end a call that keeps sending progress at the load's maxTotalTimeoutMs, cancelled on the server", async () => {
    const dir = makeTempDir("adapter-toolnexus-");
    try {
      const log = join(dir, "basic.log");
      const progress: McpToolProgress[] = [];
      const source = await sources.load(
        { mcp: { basic: local("basic", ["--log", log]) } },
        { timeoutMs: 600, maxTotalTimeoutMs: 1200, onProgress: (p) => progress.push(p) },
      );
      // A progress notification every 200 ms restarts the 600 ms timeout for the tool's whole 6 s:
      // only the total bound ends the call.
      const result = await tool(source, "basic_slow").execute({ ms: 6000, steps: 30 });

      expect(result).toEqual({
        output: 'Call to tool "basic_slow" on MCP server "basic" timed out after 1200 ms in total',
        isError: true,
        metadata: { server: "basic" },
      });
      expect(progress.length).toBeGreaterThanOrEqual(3); // the call outlived its 600 ms timeout
      await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
        timeoutMs: 5000,
        message: "the server logged notifications/cancelled",
      });
    } finally {
      await sources.closeAll();
      removeTempDir(dir);
    }
  });

  it.each([
    [{ maxTotalTimeoutMs: 0 }, /loadMcp option "maxTotalTimeoutMs": expected an integer ≥ 1/],
    [{ timeoutMs: 0 }, /loadMcp option "timeoutMs": expected an integer ≥ 1/],
    [{ timeoutMs: 2 ** 31 }, /"timeoutMs": expected at most 2147483647 ms/],
    [{ onProgress: "log" }, /loadMcp option "onProgress": expected a function/],
  ])("should reject %j with the core's OPTIONS_INVALID error naming the option", async (options, message) => {
    await expect(loadMcp({}, options as never)).rejects.toThrow(OPTIONS_INVALID);
    await expect(loadMcp({}, options as never)).rejects.toThrow(message);
  });
});
