import { pidOf, sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";
import { scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("two servers with the same tool names", () => {
  it("should expose two distinct tools, each call reaching its own server", async () => {
    const source = await sources.loadServers({ alpha: stdioServer("basic"), beta: stdioServer("basic") });
    const tools = toAiSdkTools(source);
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(["mcp__alpha__echo", "mcp__beta__echo"]));
    expect(tools.mcp__alpha__echo).not.toBe(tools.mcp__beta__echo);

    const result = await generateText({
      model: scriptedModel([
        () => [
          toolCall("mcp__alpha__echo", { text: "to alpha" }),
          toolCall("mcp__beta__echo", { text: "to beta" }),
          toolCall("mcp__alpha__pid"),
          toolCall("mcp__beta__pid"),
        ],
        () => [text("done")],
      ]),
      tools,
      prompt: "go",
      stopWhen: stepCountIs(3),
    });

    const outputs = Object.fromEntries(
      (result.steps[0]?.toolResults ?? []).map((r) => [r.toolName, (r.output as { text: string }).text]),
    );
    expect(outputs.mcp__alpha__echo).toBe("to alpha");
    expect(outputs.mcp__beta__echo).toBe("to beta");
    const alphaPid = pidOf(source, "alpha");
    const betaPid = pidOf(source, "beta");
    expect(alphaPid).toBeTypeOf("number");
    expect(alphaPid).not.toBe(betaPid);
    expect(outputs.mcp__alpha__pid).toBe(String(alphaPid));
    expect(outputs.mcp__beta__pid).toBe(String(betaPid));
  });
});
