import type { McpToolResult } from "@toolnexus/mcp-core";
import { describe, expect, it } from "vitest";
import { toLangChainBlock } from "../src/content-blocks.js";
import { toMessageContent } from "../src/tool-output.js";

const result = (content: McpToolResult["content"], structuredContent?: unknown): McpToolResult => ({
  content,
  isError: false,
  text: content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n"),
  ...(structuredContent === undefined ? {} : { structuredContent }),
});

describe("MCP content → LangChain content", () => {
  it.each([
    [
      { type: "text", text: "hi" },
      { type: "text", text: "hi" },
    ],
    [
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
    ],
    [
      { type: "audio", data: "BBBB", mimeType: "audio/wav" },
      { type: "audio", data: "BBBB", mimeType: "audio/wav" },
    ],
    [
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "body" } },
      { type: "text", text: "body" },
    ],
    [
      { type: "resource", resource: { uri: "file:///a.png", mimeType: "image/png", blob: "CCCC" } },
      { type: "image", mimeType: "image/png", data: "CCCC" },
    ],
    [
      { type: "resource", resource: { uri: "file:///a.pdf", mimeType: "application/pdf", blob: "DDDD" } },
      { type: "file", mimeType: "application/pdf", data: "DDDD" },
    ],
    [
      { type: "resource_link", uri: "file:///b.md", name: "b.md", description: "notes" },
      { type: "text", text: "Resource link: b.md <file:///b.md> — notes" },
    ],
  ] as const)("should map %o", (block, expected) => {
    expect(toLangChainBlock(block as McpToolResult["content"][number])).toEqual(expected);
  });

  it("should use the text as a plain string when every block is text", () => {
    const content = toMessageContent(
      result([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]),
    );
    expect(content).toBe("a\nb");
  });

  it("should show structuredContent as JSON text when the blocks carry no text", () => {
    const content = toMessageContent(
      result([{ type: "image", data: "AAAA", mimeType: "image/png" }], { n: 1 }),
    );
    expect(content).toEqual([
      { type: "text", text: '{"n":1}' },
      { type: "image", data: "AAAA", mimeType: "image/png" },
    ]);
  });
});
