import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";
import { mediaOutputPart } from "./support/ai-major.js";
import { offeredTools, scriptedModel, text, toolCall, toolOutputsInPrompt } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("generateText with MCP tools", () => {
  it("should return the tool's real output in steps[].toolResults", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const tools = toAiSdkTools(source);
    let offered: string[] = [];
    let seen: Map<string, unknown> = new Map();
    const result = await generateText({
      model: scriptedModel([
        (options) => {
          offered = offeredTools(options);
          return [
            toolCall("mcp__basic__echo", { text: "hello" }),
            toolCall("mcp__basic__add", { a: 2, b: 3 }),
          ];
        },
        (options) => {
          seen = toolOutputsInPrompt(options);
          return [text("done")];
        },
      ]),
      tools,
      prompt: "go",
      stopWhen: stepCountIs(5),
    });

    expect(offered).toContain("mcp__basic__echo");
    expect(result.text).toBe("done");
    const [echo, add] = result.steps[0]?.toolResults ?? [];
    expect(echo).toMatchObject({
      toolName: "mcp__basic__echo",
      dynamic: true,
      output: { content: [{ type: "text", text: "hello" }], text: "hello" },
    });
    expect(add?.output).toEqual({
      content: [{ type: "text", text: "5" }],
      text: "5",
      structuredContent: { sum: 5 },
    });
    expect(seen.get("call-mcp__basic__echo")).toEqual({ type: "text", value: "hello" });
  });

  it("should send image content to the model as media parts", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    let seen: unknown;
    await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__basic__image")],
        (options) => {
          seen = toolOutputsInPrompt(options).get("call-mcp__basic__image");
          return [text("ok")];
        },
      ]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(5),
    });
    expect(seen).toEqual({
      type: "content",
      value: [mediaOutputPart("image", expect.any(String), "image/png"), { type: "text", text: "a 1x1 png" }],
    });
  });

  it("should record the MCP server and raw name as tool metadata", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const result = await generateText({
      model: scriptedModel([() => [toolCall("mcp__basic__pid")], () => [text("ok")]]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(5),
    });
    expect(result.steps[0]?.toolCalls[0]?.toolMetadata).toEqual({ mcpServer: "basic", mcpRawName: "pid" });
  });
});
