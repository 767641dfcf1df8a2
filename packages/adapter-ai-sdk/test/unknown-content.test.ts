import { hostileServer, sourceLoader } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";
import { scriptedModel, text, toolCall, toolOutputsInPrompt } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("a result with a content block of an unknown type", () => {
  it("should reach the model with the block as text naming its type, the rest unchanged", async () => {
    const source = await sources.loadServers({ h: hostileServer("unknown-content") });
    let seen: unknown;
    const result = await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__h__unknown", {})],
        (options) => {
          seen = toolOutputsInPrompt(options).get("call-mcp__h__unknown");
          return [text("done")];
        },
      ]),
      tools: toAiSdkTools(source),
      prompt: "go",
      stopWhen: stepCountIs(3),
    });

    expect(result.steps[0]?.content.find((part) => part.type === "tool-error")).toBeUndefined();
    expect(seen).toStrictEqual({
      type: "content",
      value: [
        { type: "text", text: "before" },
        { type: "text", text: '[unsupported content type "hologram"]\na greeting in 3-D' },
        { type: "text", text: "after" },
      ],
    });
  });
});
