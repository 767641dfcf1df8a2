import type { ToolMessage } from "@langchain/core/messages";
import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput, type McpSource, type McpToolResult } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLangChainToolkit, toLangChainTools } from "../src/index.js";

// One server for every case: they read it independently.
const sources = sourceLoader(loadMcp, { toolCache: null });
let source: McpSource;
beforeAll(async () => {
  const config = { mcpServers: { b: stdioServer("basic", ["--big-results"]) } };
  source = await sources.load(config as McpConfigInput);
}, 60_000);
afterAll(() => sources.closeAll());

let callId = 0;
const toolCall = (name: string, args: Record<string, unknown>) => ({ name, args, id: `rb_${++callId}` });

/** The handle and next offset a preview's or slice's closing sentence gives. */
function nextRead(value: string): { handle: string; offset: number } | undefined {
  const found = /mcp_read_result \{"handle": "([\w-]+)", "offset": (\d+)\}/.exec(value);
  return found ? { handle: found[1] as string, offset: Number(found[2]) } : undefined;
}

describe("the result budget in LangChain", () => {
  it("should give the preview as the ToolMessage content and the whole result as its artifact", async () => {
    const toolkit = createLangChainToolkit(source);
    // No result kept yet: the model's tools are the ones it always had.
    expect(toolkit.tools.map((tool) => tool.name)).not.toContain("mcp_read_result");
    const message: ToolMessage = await toolkit.runToolCall(toolCall("mcp__b__big_text", { chars: 120_000 }));
    const artifact = message.artifact as McpToolResult;
    expect(artifact.text.length).toBe(120_000);
    expect(message.status).toBe("success");
    expect(message.content).toBe(artifact.preview?.text);
    expect(String(message.content).length).toBeLessThan(9_000);
    expect(toolkit.tools.map((tool) => tool.name)).toContain("mcp_read_result");
    expect(toLangChainTools(source).map((tool) => tool.name)).toContain("mcp_read_result");
  });

  it("should read the kept result in slices through mcp_read_result, and an unknown handle as a sentence", async () => {
    const toolkit = createLangChainToolkit(source);
    const first = await toolkit.runToolCall(toolCall("mcp__b__big_text", { chars: 120_000 }));
    const whole = (first.artifact as McpToolResult).text;
    const preview = String(first.content);
    let next = nextRead(preview);
    let read = preview.slice(0, next?.offset);
    while (next !== undefined) {
      const args = { handle: next.handle, offset: next.offset, length: 30_000 };
      const slice = String((await toolkit.runToolCall(toolCall("mcp_read_result", args))).content);
      read += slice.slice(0, slice.lastIndexOf("\n\n[Characters "));
      next = nextRead(slice);
    }
    expect(read).toBe(whole);
    const gone = await toolkit.runToolCall(toolCall("mcp_read_result", { handle: "gone-handle" }));
    expect(gone.status).toBe("success");
    expect(String(gone.content)).toMatch(/^\[No kept result has the handle "gone-handle": it expired/);
  });
});
