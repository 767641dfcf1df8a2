import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { isMcpToolCallError, McpToolCallError, toAiSdkTools } from "../src/index.js";
import { scriptedModel, text, toolCall, toolOutputsInPrompt } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("an isError result", () => {
  it("should become a tool-error the model receives, and the loop should continue", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    let seen: unknown;
    const result = await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__basic__fail", { message: "disk full" })],
        (options) => {
          seen = toolOutputsInPrompt(options).get("call-mcp__basic__fail");
          return [toolCall("mcp__basic__echo", { text: "recovered" })];
        },
        () => [text("done")],
      ]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(5),
    });

    const error = result.steps[0]?.content.find((part) => part.type === "tool-error");
    expect(error).toMatchObject({ toolName: "mcp__basic__fail", dynamic: true });
    expect(error?.error).toBeInstanceOf(McpToolCallError);
    expect(error?.error).toMatchObject({
      message: "disk full",
      kind: "tool",
      server: "basic",
      toolName: "mcp__basic__fail",
      result: { isError: true, content: [{ type: "text", text: "disk full" }] },
    });
    expect(result.steps[0]?.toolResults).toEqual([]);
    expect(seen).toEqual({ type: "error-text", value: "disk full" });
    expect(result.steps[1]?.toolResults[0]?.output).toMatchObject({ text: "recovered" });
    expect(result.text).toBe("done");
  });

  it("should throw for a call to a stopped server (a core error result)", async () => {
    const source = await sources.loadServers(
      { basic: stdioServer("basic") },
      { autoRestart: { enabled: false } },
    );
    const tools = toAiSdkTools(source);
    const echo = tools.mcp__basic__echo;
    await source.stop("basic");
    const call = echo?.execute?.({ text: "x" }, { toolCallId: "1", messages: [] });
    const error = await Promise.resolve(call).catch((e: unknown) => e);
    expect(isMcpToolCallError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "unavailable", server: "basic" });
    expect((error as McpToolCallError).message).toContain("basic");
  });
});
