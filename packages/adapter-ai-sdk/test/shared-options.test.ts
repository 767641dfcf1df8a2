import { join } from "node:path";
import { makeTempDir, readLog, removeTempDir, sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { type AiSdkToolProgress, toAiSdkTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const callOptions = { toolCallId: "1", messages: [] };
/** Every entry reports a bad option as the core does. */
const OPTIONS_INVALID = expect.objectContaining({ name: "McpCoreError", code: "OPTIONS_INVALID" });

describe("the options every adapter shares", () => {
  it("should take timeoutMs, keeping timeout as its deprecated alias", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const hurried = toAiSdkTools(source, { timeoutMs: 100 });
    const error = await Promise.resolve(hurried.mcp__basic__slow?.execute?.({ ms: 2000 }, callOptions)).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "timeout" });
    expect(() => toAiSdkTools(source, { timeoutMs: 0 })).toThrow(
      /option "timeoutMs": expected an integer ≥ 1/,
    );
    expect(() => toAiSdkTools(source, { timeoutMs: 1.5 })).toThrow(OPTIONS_INVALID);
  });

  it("should end a call that keeps sending progress at maxTotalTimeoutMs, cancelled on the server", async () => {
    const dir = makeTempDir("adapter-ai-sdk-");
    try {
      const log = join(dir, "basic.log");
      const source = await sources.loadServers({ basic: stdioServer("basic", ["--log", log]) });
      const progress: AiSdkToolProgress[] = [];
      const tools = toAiSdkTools(source, {
        timeoutMs: 600,
        maxTotalTimeoutMs: 1200,
        onProgress: (p) => progress.push(p),
      });
      // A progress notification every 200 ms restarts the 600 ms timeout for the tool's whole 6 s:
      // only the total bound ends the call.
      const error = await Promise.resolve(
        tools.mcp__basic__slow?.execute?.({ ms: 6000, steps: 30 }, callOptions),
      ).catch((e: unknown) => e);

      expect(error).toMatchObject({
        name: "McpToolCallError",
        kind: "timeout",
        message: 'Call to tool "mcp__basic__slow" on MCP server "basic" timed out after 1200 ms in total',
      });
      expect(progress.length).toBeGreaterThanOrEqual(3); // the call outlived its 600 ms timeout
      await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
        timeoutMs: 5000,
        message: "the server logged notifications/cancelled",
      });
      expect(() => toAiSdkTools(source, { maxTotalTimeoutMs: 0 })).toThrow(
        /option "maxTotalTimeoutMs": expected an integer ≥ 1/,
      );
    } finally {
      await sources.closeAll();
      removeTempDir(dir);
    }
  });
});
