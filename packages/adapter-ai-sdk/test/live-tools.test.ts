import { sourceLoader, stdioServer, waitFor } from "@toolnexus/fixtures";
import { loadMcp, type ToolsChange } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createAiSdkToolset } from "../src/index.js";
import { offeredTools, scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("a tool added by the server during a generateText call", () => {
  it("should be offered and callable in the next step of the same call", async () => {
    const source = await sources.loadServers({ lc: stdioServer("mcp-list-changed") });
    const toolset = createAiSdkToolset(source);
    const changes: Array<{ server: string; change: ToolsChange }> = [];
    toolset.onToolsChange((server, change) => changes.push({ server, change }));
    expect("mcp__lc__late" in toolset.tools).toBe(false);

    let offeredInStep2: string[] = [];
    const result = await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__lc__add_tool", { name: "late" })],
        (options) => {
          offeredInStep2 = offeredTools(options);
          return [toolCall("mcp__lc__late")];
        },
        () => [text("done")],
      ]),
      tools: toolset.tools,
      prompt: "go",
      stopWhen: stepCountIs(5),
      prepareStep: async ({ stepNumber }) => {
        // The server announced the tool with list_changed; wait (bounded) for the core's refresh.
        if (stepNumber === 1) {
          await waitFor(() => changes.some((c) => c.change.added.includes("mcp__lc__late")), {
            timeoutMs: 5000,
            message: "onToolsChange adding mcp__lc__late",
          });
        }
        return undefined;
      },
    });

    expect(changes).toContainEqual({
      server: "lc",
      change: { added: ["mcp__lc__late"], removed: [], changed: [] },
    });
    expect(offeredInStep2).toContain("mcp__lc__late");
    expect(result.steps[1]?.toolResults[0]).toMatchObject({
      toolName: "mcp__lc__late",
      output: { text: "late ok" },
    });
    expect(result.text).toBe("done");
  });

  it("should drop a removed tool from the same ToolSet object", async () => {
    const source = await sources.loadServers({ lc: stdioServer("mcp-list-changed") });
    const toolset = createAiSdkToolset(source);
    const { tools } = toolset;
    expect(Object.keys(tools)).toContain("mcp__lc__echo");
    await source.tools.find((t) => t.rawName === "remove_tool")?.execute({ name: "echo" });
    await waitFor(() => !("mcp__lc__echo" in tools), { timeoutMs: 5000, message: "echo removed" });
    expect(Object.keys(tools)).not.toContain("mcp__lc__echo");
    expect(tools.mcp__lc__echo).toBeUndefined();
    expect(Object.hasOwn(tools, "mcp__lc__echo")).toBe(false);
  });
});
