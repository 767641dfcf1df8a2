import { sourceLoader } from "@toolnexus/fixtures";
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

  it.each([
    [{ timeoutMs: 0 }, /loadMcp option "timeoutMs": expected an integer ≥ 1/],
    [{ timeoutMs: 2 ** 31 }, /"timeoutMs": expected at most 2147483647 ms/],
    [{ onProgress: "log" }, /loadMcp option "onProgress": expected a function/],
  ])("should reject %j with the core's OPTIONS_INVALID error naming the option", async (options, message) => {
    await expect(loadMcp({}, options as never)).rejects.toThrow(OPTIONS_INVALID);
    await expect(loadMcp({}, options as never)).rejects.toThrow(message);
  });
});
