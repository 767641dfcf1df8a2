import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { stepCountIs, streamText, ToolLoopAgent } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createAiSdkToolset, toAiSdkTools } from "../src/index.js";
import { offeredTools, scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("other AI SDK hosts", () => {
  it("should run MCP tools under streamText", async () => {
    const source = await sources.loadServers({ basic: stdioServer("basic") });
    const result = streamText({
      model: scriptedModel([
        () => [toolCall("mcp__basic__add", { a: 20, b: 22 })],
        () => [text("the sum is 42")],
      ]),
      tools: toAiSdkTools(source),
      prompt: "add",
      stopWhen: stepCountIs(3),
    });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);
    expect(parts).toContain("tool-result");
    const steps = await result.steps;
    expect(steps[0]?.toolResults[0]?.output).toMatchObject({ text: "42", structuredContent: { sum: 42 } });
    expect(await result.text).toBe("the sum is 42");
  });

  it("should run MCP tools under a ToolLoopAgent, narrowed per step with activeToolsFor", async () => {
    const source = await sources.loadServers({ alpha: stdioServer("basic"), beta: stdioServer("basic") });
    const toolset = createAiSdkToolset(source);
    const offered: string[][] = [];
    const agent = new ToolLoopAgent({
      model: scriptedModel([
        (options) => {
          offered.push(offeredTools(options));
          return [toolCall("mcp__beta__echo", { text: "via agent" })];
        },
        (options) => {
          offered.push(offeredTools(options));
          return [text("done")];
        },
      ]),
      tools: toolset.tools,
      stopWhen: stepCountIs(3),
      prepareStep: () => ({ activeTools: toolset.activeToolsFor("beta") }),
    });
    const result = await agent.generate({ prompt: "go" });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ text: "via agent" });
    expect(offered[0]).toContain("mcp__beta__echo");
    expect(offered[0]?.every((name) => name.startsWith("mcp__beta__"))).toBe(true);
    expect(result.text).toBe("done");
  });
});
