import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createAiSdkToolset, toAiSdkTools } from "../src/index.js";
import {
  type CallOptions,
  offeredTools,
  scriptedModel,
  text,
  toolCall,
  toolOutputsInPrompt,
} from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const CODE_TOOLS = ["mcp_run_code", "mcp_describe_tools"];

async function loadBasic() {
  const source = await sources.load({ mcpServers: { basic: stdioServer("basic") } } as McpConfigInput);
  await source.whenSettled();
  return source;
}

describe("code mode", () => {
  it("should be off by default, and serve the code tools with codeMode: {} even while tools are deferred", async () => {
    const source = await loadBasic();
    expect(Object.keys(toAiSdkTools(source))).not.toContain("mcp_run_code");
    const toolset = createAiSdkToolset(source, { codeMode: {}, deferLoading: {} });
    const offered: string[][] = [];
    const outputs: Map<string, unknown>[] = [];
    const record = (options: CallOptions) => {
      offered.push(offeredTools(options));
      outputs.push(toolOutputsInPrompt(options));
    };
    await generateText({
      model: scriptedModel(
        [
          [toolCall("mcp_describe_tools", { names: ["basic.add"] }, "describe")],
          [
            toolCall(
              "mcp_run_code",
              { code: "async () => { const r = await codemode.basic.add({ a: 20, b: 22 }); return r.sum; }" },
              "run",
            ),
          ],
          [text("42")],
        ].map((content) => (options: CallOptions) => {
          record(options);
          return content;
        }),
      ),
      ...toolset,
      prompt: "add",
      stopWhen: stepCountIs(5),
    });
    for (const names of offered) expect(names).toEqual(expect.arrayContaining(CODE_TOOLS));
    expect(offered[0]).not.toContain("mcp__basic__add");
    expect(JSON.stringify(outputs[1]?.get("describe"))).toContain("add(input: {");
    expect(JSON.stringify(outputs[2]?.get("run"))).toContain("42");
  });

  it("should hold a program's call of a tool the approval policy selects to codeMode.approve", async () => {
    const source = await loadBasic();
    const asked: string[] = [];
    const tools = toAiSdkTools(source, {
      approval: { tools: ["mcp__basic__echo"] },
      codeMode: {
        approve: (tool) => {
          asked.push(tool.name);
          return false;
        },
      },
    });
    const run = tools.mcp_run_code;
    // The adapter throws a failed call as McpToolCallError, which the AI SDK sends the model as a tool error.
    await expect(
      run?.execute?.(
        {
          code: 'async () => [await codemode.basic.add({ a: 1, b: 1 }), await codemode.basic.echo({ text: "x" })]',
        },
        { toolCallId: "c", messages: [] },
      ),
    ).rejects.toThrow(
      "The program failed after 2 tool call(s): Error: basic.echo: the call was not approved (APPROVAL_DENIED)",
    );
    expect(asked).toEqual(["mcp__basic__echo"]);
  });

  it("should refuse a malformed codeMode option naming it", async () => {
    const source = await loadBasic();
    expect(() => toAiSdkTools(source, { codeMode: { maxCalls: 0 } })).toThrow(
      'AI SDK adapter option "codeMode.maxCalls": expected a positive integer, got zero',
    );
    expect(() => toAiSdkTools(source, { codeMode: true as never })).toThrow(
      /option "codeMode": expected an object/,
    );
  });
});
