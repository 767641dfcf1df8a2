import type { McpToolResult } from "@toolnexus/mcp-core";
import { describe, expect, it } from "vitest";
import { EMPTY_ERROR_OUTPUT, toToolResult } from "../src/index.js";

const text = (value: string) => ({ type: "text" as const, text: value });
const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
const base = (partial: Partial<McpToolResult>): McpToolResult => ({
  content: [],
  isError: false,
  text: "",
  ...partial,
});

describe("toToolResult", () => {
  it.each<[string, Partial<McpToolResult>, string, boolean]>([
    ["text parts joined with \\n", { content: [text("a"), image, text(""), text("b")] }, "a\n\nb", false],
    ["no content as an empty output", { content: [] }, "", false],
    [
      "structuredContent as JSON, over the text",
      { content: [text("5")], structuredContent: { sum: 5 } },
      '{"sum":5}',
      false,
    ],
    ["structuredContent null ignored", { content: [text("t")], structuredContent: null }, "t", false],
    ["a structuredContent string as JSON", { content: [], structuredContent: "s" }, '"s"', false],
    [
      "isError: non-blank text parts joined with \\n\\n",
      {
        isError: true,
        content: [text("one"), text("  "), image, text("two")],
        error: { kind: "tool", code: "TOOL_ERROR", message: "x" },
      },
      "one\n\ntwo",
      true,
    ],
    [
      "isError with only blank text",
      { isError: true, content: [text(" \n\t")], error: { kind: "tool", code: "TOOL_ERROR", message: "x" } },
      EMPTY_ERROR_OUTPUT,
      true,
    ],
    [
      "isError wins over structuredContent",
      {
        isError: true,
        content: [text("bad")],
        structuredContent: { a: 1 },
        error: { kind: "tool", code: "TOOL_ERROR", message: "x" },
      },
      "bad",
      true,
    ],
    [
      "an unavailable call as its message",
      {
        isError: true,
        content: [text("gone")],
        error: { kind: "unavailable", code: "TOOL_REMOVED", message: "gone" },
      },
      "gone",
      true,
    ],
    [
      "a timeout as its message",
      { isError: true, error: { kind: "timeout", code: "TIMEOUT", message: "Call timed out after 5 ms" } },
      "Call timed out after 5 ms",
      true,
    ],
    [
      "a protocol error as the SDK's own message",
      {
        isError: true,
        error: {
          kind: "protocol",
          code: "PROTOCOL_ERROR",
          message: 'Call to tool "s_t" on MCP server "s" failed: MCP error -32602: nope',
          detail: "MCP error -32602: nope",
        },
      },
      "MCP error -32602: nope",
      true,
    ],
  ])("should map %s", (_label, partial, output, isError) => {
    expect(JSON.stringify(toToolResult(base(partial), "s"))).toBe(
      JSON.stringify({ output, isError, metadata: { server: "s" } }),
    );
  });

  it("should keep a protocol error's message when it carries no detail", () => {
    const result = base({
      isError: true,
      error: { kind: "protocol", code: "PROTOCOL_ERROR", message: "something else" },
    });
    expect(toToolResult(result, "s").output).toBe("something else");
  });
});
