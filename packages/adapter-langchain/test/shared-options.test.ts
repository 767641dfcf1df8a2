import { join } from "node:path";
import { makeTempDir, readLog, removeTempDir, sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit, toLangChainTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("the options and metadata every adapter shares", () => {
  it("should report progress in the shared shape and tag tools with mcpRawName", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const progress: unknown[] = [];
    const toolkit = createLangChainToolkit(source, { onProgress: (p) => progress.push(p) });
    const call = { name: "mcp__basic__slow", args: { ms: 50, steps: 1 }, id: "sh_1" };
    expect(await toolkit.runToolCall(call)).toMatchObject({ status: "success" });
    expect(progress).toEqual([
      {
        progress: 1,
        total: 1,
        message: "step 1/1",
        toolName: "mcp__basic__slow",
        server: "basic",
        toolCallId: "sh_1",
      },
    ]);
    // The metadata every adapter carries, and nothing else (`mcpToolName`, a removed alias, is gone).
    expect(toolkit.tool("mcp__basic__slow")?.metadata).toEqual({ mcpServer: "basic", mcpRawName: "slow" });
  });

  it("should end a call that keeps sending progress at maxTotalTimeoutMs, cancelled on the server", async () => {
    const dir = makeTempDir("adapter-langchain-");
    try {
      const log = join(dir, "basic.log");
      const source = await sources.loadServers({ basic: stdioServer("basic", ["--log", log]) });
      const progress: unknown[] = [];
      const toolkit = createLangChainToolkit(source, {
        timeoutMs: 600,
        maxTotalTimeoutMs: 1200,
        onProgress: (p) => progress.push(p),
      });
      // A progress notification every 200 ms restarts the 600 ms timeout for the tool's whole 6 s:
      // only the total bound ends the call.
      const call = { name: "mcp__basic__slow", args: { ms: 6000, steps: 30 }, id: "tt_1" };
      const message = await toolkit.runToolCall(call);

      expect(message).toMatchObject({
        status: "error",
        tool_call_id: "tt_1",
        content: 'Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 1200 ms in total',
      });
      expect(progress.length).toBeGreaterThanOrEqual(3); // the call outlived its 600 ms timeout
      await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
        timeoutMs: 5000,
        message: "the server logged notifications/cancelled",
      });
      expect(() => toLangChainTools(source, { maxTotalTimeoutMs: 2 ** 31 })).toThrow(
        /option "maxTotalTimeoutMs": expected at most 2147483647 ms/,
      );
    } finally {
      await sources.closeAll();
      removeTempDir(dir);
    }
  });
});
