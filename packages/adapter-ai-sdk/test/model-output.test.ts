import { describe, expect, it } from "vitest";
import { contentBlockToPart, type McpToolOutput, mcpOutputToModelOutput } from "../src/index.js";
import { mediaOutputPart } from "./support/ai-major.js";

const png = "iVBORw0KGgo=";

describe("mcpOutputToModelOutput", () => {
  const cases: Array<[string, unknown, unknown]> = [
    [
      "text blocks → text (joined text)",
      {
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
        text: "a\nb",
      },
      { type: "text", value: "a\nb" },
    ],
    ["no content → empty text", { content: [], text: "" }, { type: "text", value: "" }],
    [
      "structured content only → json",
      { content: [], text: '{"sum":5}', structuredContent: { sum: 5 } },
      { type: "json", value: { sum: 5 } },
    ],
    [
      "text plus structured content → the text (servers mirror structured results in text)",
      { content: [{ type: "text", text: '{"sum":5}' }], text: '{"sum":5}', structuredContent: { sum: 5 } },
      { type: "text", value: '{"sum":5}' },
    ],
    [
      "image and text → content parts in server order",
      {
        content: [
          { type: "image", data: png, mimeType: "image/png" },
          { type: "text", text: "caption" },
        ],
        text: "caption",
      },
      {
        type: "content",
        value: [mediaOutputPart("image", png, "image/png"), { type: "text", text: "caption" }],
      },
    ],
    ["a plain string (foreign output) → text", "hello", { type: "text", value: "hello" }],
    ["undefined (foreign output) → json null", undefined, { type: "json", value: null }],
    ["an object without content (foreign output) → json", { a: 1 }, { type: "json", value: { a: 1 } }],
  ];

  it.each(cases)("should map %s", (_name, output, expected) => {
    expect(mcpOutputToModelOutput(output)).toEqual(expected);
  });
});

describe("contentBlockToPart", () => {
  const cases: Array<[string, McpToolOutput["content"][number], unknown]> = [
    ["text", { type: "text", text: "hi" }, { type: "text", text: "hi" }],
    [
      "image",
      { type: "image", data: png, mimeType: "image/png" },
      mediaOutputPart("image", png, "image/png"),
    ],
    [
      "audio",
      { type: "audio", data: "AAA=", mimeType: "audio/wav" },
      mediaOutputPart("file", "AAA=", "audio/wav"),
    ],
    [
      "text resource",
      { type: "resource", resource: { uri: "file:///a.txt", text: "file body" } },
      { type: "text", text: "file body" },
    ],
    [
      "image blob resource",
      { type: "resource", resource: { uri: "file:///a.png", blob: png, mimeType: "image/png" } },
      mediaOutputPart("image", png, "image/png"),
    ],
    [
      "blob resource without a mime type",
      { type: "resource", resource: { uri: "file:///a.bin", blob: "AAA=" } },
      mediaOutputPart("file", "AAA=", "application/octet-stream"),
    ],
    [
      "resource link (as the text line every adapter shows)",
      { type: "resource_link", uri: "file:///b.txt", name: "b.txt", description: "notes" },
      { type: "text", text: "Resource link: b.txt <file:///b.txt> — notes" },
    ],
    [
      "audio blob resource",
      { type: "resource", resource: { uri: "file:///a.wav", blob: "AAA=", mimeType: "audio/wav" } },
      mediaOutputPart("file", "AAA=", "audio/wav"),
    ],
    [
      "block of an unknown type",
      { type: "hologram", text: "3-D" } as never,
      { type: "text", text: '[unsupported content type "hologram"]\n3-D' },
    ],
  ];

  it.each(cases)("should map a %s block", (_name, block, expected) => {
    expect(contentBlockToPart(block)).toEqual(expected);
  });
});
