import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput, type McpSource } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiSdkToolset, type McpToolOutput } from "../src/index.js";
import { type CallOptions, scriptedModel, text, toolCall, toolOutputsInPrompt } from "./support/model.js";

// One server for every case: they read it independently.
const sources = sourceLoader(loadMcp, { toolCache: null });
let source: McpSource;
beforeAll(async () => {
  const config = { mcpServers: { b: stdioServer("basic", ["--big-results"]) } };
  source = await sources.load(config as McpConfigInput);
}, 60_000);
afterAll(() => sources.closeAll());

/** The handle and next offset a preview's or slice's closing sentence gives. */
function nextRead(value: string): { handle: string; offset: number } | undefined {
  const found = /mcp_read_result \{"handle": "([\w-]+)", "offset": (\d+)\}/.exec(value);
  return found ? { handle: found[1] as string, offset: Number(found[2]) } : undefined;
}

describe("the result budget in the AI SDK", () => {
  it("should send the model the preview through toModelOutput and keep the whole result as the tool's output", async () => {
    let seen = new Map<string, unknown>();
    const toolset = createAiSdkToolset(source);
    // No result kept yet: the tool list is the one the model always had.
    expect(Object.keys(toolset.tools)).not.toContain("mcp_read_result");
    const result = await generateText({
      model: scriptedModel([
        () => [toolCall("mcp__b__big_text", { chars: 120_000 }, "big")],
        (options) => {
          seen = toolOutputsInPrompt(options);
          return [text("done")];
        },
      ]),
      ...toolset,
      prompt: "go",
      stopWhen: stepCountIs(3),
    });
    expect(Object.keys(toolset.tools)).toContain("mcp_read_result");
    const output = result.steps[0]?.toolResults[0]?.output as McpToolOutput;
    expect(output.text.length).toBe(120_000);
    const shown = seen.get("big") as { type: string; value: string };
    expect(shown.type).toBe("text");
    expect(shown.value).toBe(output.preview?.text);
    expect(shown.value.length).toBeLessThan(9_000);
    expect(nextRead(shown.value)?.handle).toBe(output.preview?.handle);
  });

  it("should read the kept result in slices through mcp_read_result, and an unknown handle as a sentence", async () => {
    const big = await source.tools.find((t) => t.rawName === "big_text")?.execute({ chars: 120_000 });
    const whole = big?.text ?? "";
    const first = nextRead(big?.preview?.text ?? "");
    expect(first).toBeDefined();
    const shown = big?.preview?.text.slice(0, first?.offset) ?? "";
    let read = shown;
    let next = first;
    const answers: unknown[] = [];
    await generateText({
      model: scriptedModel([
        ...Array.from({ length: 3 }, (_, step) => (options: CallOptions) => {
          if (step > 0) {
            const value = (toolOutputsInPrompt(options).get(`r${step - 1}`) as { value: string }).value;
            answers.push(value);
            read += value.slice(0, value.lastIndexOf("\n\n[Characters "));
            next = nextRead(value);
          }
          return [
            toolCall(
              "mcp_read_result",
              { handle: next?.handle, offset: next?.offset, length: 40_000 },
              `r${step}`,
            ),
          ];
        }),
        (options) => {
          const last = (toolOutputsInPrompt(options).get("r2") as { value: string }).value;
          read += last.slice(0, last.lastIndexOf("\n\n[Characters "));
          return [toolCall("mcp_read_result", { handle: "gone-handle" }, "gone")];
        },
        (options) => {
          answers.push(toolOutputsInPrompt(options).get("gone"));
          return [text("done")];
        },
      ]),
      ...createAiSdkToolset(source),
      prompt: "go",
      stopWhen: stepCountIs(6),
    });
    expect(read).toBe(whole);
    expect(answers.at(-1)).toMatchObject({
      type: "text",
      value: expect.stringMatching(/^\[No kept result has the handle "gone-handle"/),
    });
  });
});
