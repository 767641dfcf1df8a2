import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { createLangChainToolkit } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
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
    // `mcpToolName` is the deprecated alias of `mcpRawName`.
    expect(toolkit.tool("mcp__basic__slow")?.metadata).toEqual({
      mcpServer: "basic",
      mcpRawName: "slow",
      mcpToolName: "slow",
    });
  });
});
