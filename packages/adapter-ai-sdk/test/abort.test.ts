import { join } from "node:path";
import { makeTempDir, readLog, removeTempDir, sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpToolCallError, toAiSdkTools } from "../src/index.js";
import { scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });

let dir: string | undefined;
// One hook, in this order: vitest runs after-hooks last registered first, so two hooks removed the
// log's folder while the fixture server still wrote to it (ENOTEMPTY under load).
afterEach(async () => {
  await sources.closeAll();
  if (dir) removeTempDir(dir);
  dir = undefined;
});

describe("aborting a generateText call", () => {
  it("should cancel the in-flight MCP call on the server", async () => {
    dir = makeTempDir("adapter-ai-sdk-");
    const log = join(dir, "basic.log");
    const source = await sources.loadServers({ basic: stdioServer("basic", ["--log", log]) });
    const controller = new AbortController();
    const run = generateText({
      model: scriptedModel([
        () => [toolCall("mcp__basic__slow", { ms: 20_000, steps: 20 })],
        () => [text("late")],
      ]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
    });
    const outcome = run.then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "slow"), {
      timeoutMs: 5000,
      message: "the slow call reached the server",
    });
    controller.abort();

    expect(await outcome).toMatchObject({ error: { name: "AbortError" } });
    // The server logs `cancelled` when the notification arrives and `aborted` when the handler's
    // signal fires a moment later: wait for both rather than read the log between them.
    await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
      timeoutMs: 5000,
      message: "the server logged notifications/cancelled",
    });
    await waitFor(() => readLog(log).some((e) => e.event === "aborted" && e.tool === "slow"), {
      timeoutMs: 5000,
      message: "the server's slow handler saw the abort",
    });
  });

  it("should resolve with an aborted tool-error when the abort lands on the run's last step", async () => {
    dir = makeTempDir("adapter-ai-sdk-");
    const log = join(dir, "basic.log");
    const source = await sources.loadServers({ basic: stdioServer("basic", ["--log", log]) });
    const controller = new AbortController();
    // No stopWhen: the AI SDK's default stepCountIs(1) makes the tool step the last one.
    const run = generateText({
      model: scriptedModel([() => [toolCall("mcp__basic__slow", { ms: 20_000, steps: 20 })]]),
      tools: toAiSdkTools(source),
      prompt: "go",
      abortSignal: controller.signal,
    });
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "slow"), {
      timeoutMs: 5000,
      message: "the slow call reached the server",
    });
    controller.abort();

    const result = await run;
    expect(result.finishReason).toBe("tool-calls");
    const toolError = result.steps[0]?.content.find((part) => part.type === "tool-error");
    expect(isMcpToolCallError(toolError?.error)).toBe(true);
    expect(toolError?.error).toMatchObject({ kind: "aborted", server: "basic" });
    await waitFor(() => readLog(log).some((e) => e.event === "cancelled"), {
      timeoutMs: 5000,
      message: "the server logged notifications/cancelled",
    });
  });

  it("should reject a tool call whose signal is aborted with an aborted McpToolCallError", async () => {
    dir = makeTempDir("adapter-ai-sdk-");
    const log = join(dir, "basic.log");
    const source = await sources.loadServers({ basic: stdioServer("basic", ["--log", log]) });
    const slow = toAiSdkTools(source).mcp__basic__slow;
    const controller = new AbortController();
    const reason = new Error("user pressed stop");
    const pending = Promise.resolve(
      slow?.execute?.({ ms: 20_000 }, { toolCallId: "1", messages: [], abortSignal: controller.signal }),
    ).catch((e: unknown) => e);
    await waitFor(() => readLog(log).some((e) => e.event === "call" && e.tool === "slow"), {
      timeoutMs: 5000,
      message: "the slow call reached the server",
    });
    controller.abort(reason);
    const error = await pending;
    expect(isMcpToolCallError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "aborted", server: "basic", cause: reason });
  });
});
