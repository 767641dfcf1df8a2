import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type AdapterContentPart,
  contentTextParts,
  EMPTY_ERROR_TEXT,
  errorText,
  invalidOption,
  isTextOnly,
  resolveCallOptions,
  toContentPart,
  toolMetadata,
} from "../src/adapter/index.js";
import { isMcpCoreError, type McpContentBlock, type McpTool, type McpToolResult } from "../src/index.js";

const png = "iVBORw0KGgo=";

describe("adapter kit: MCP content for the model (SPEC §13.4)", () => {
  // Every block type: [name, block, the part every adapter shows, its contribution to text-only hosts].
  const cases: Array<[string, McpContentBlock, AdapterContentPart, string[]]> = [
    ["text", { type: "text", text: "hi" }, { type: "text", text: "hi" }, ["hi"]],
    [
      "image",
      { type: "image", data: png, mimeType: "image/png" },
      { type: "image", mimeType: "image/png", data: png },
      [],
    ],
    [
      "audio",
      { type: "audio", data: "AAA=", mimeType: "audio/wav" },
      { type: "audio", mimeType: "audio/wav", data: "AAA=" },
      [],
    ],
    [
      "resource_link",
      { type: "resource_link", uri: "file:///b.md", name: "b.md", description: "notes" },
      { type: "text", text: "Resource link: b.md <file:///b.md> — notes" },
      [],
    ],
    [
      "resource_link without a description",
      { type: "resource_link", uri: "file:///b.md", name: "b.md" },
      { type: "text", text: "Resource link: b.md <file:///b.md>" },
      [],
    ],
    [
      "embedded text resource",
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "body" } },
      { type: "text", text: "body" },
      [],
    ],
    [
      "embedded image blob",
      { type: "resource", resource: { uri: "file:///a.png", mimeType: "image/png", blob: png } },
      { type: "image", mimeType: "image/png", data: png },
      [],
    ],
    [
      "embedded audio blob",
      { type: "resource", resource: { uri: "file:///a.wav", mimeType: "audio/wav", blob: "AAA=" } },
      { type: "audio", mimeType: "audio/wav", data: "AAA=" },
      [],
    ],
    [
      "embedded blob of another type",
      { type: "resource", resource: { uri: "file:///a.pdf", mimeType: "application/pdf", blob: "JVBE" } },
      { type: "file", mimeType: "application/pdf", data: "JVBE" },
      [],
    ],
    [
      "embedded blob without a MIME type",
      { type: "resource", resource: { uri: "file:///a.bin", blob: "AAA=" } },
      { type: "file", mimeType: "application/octet-stream", data: "AAA=" },
      [],
    ],
    [
      "unknown type with text",
      { type: "hologram", text: "a greeting in 3-D" },
      { type: "text", text: '[unsupported content type "hologram"]\na greeting in 3-D' },
      ['[unsupported content type "hologram"]\na greeting in 3-D'],
    ],
    [
      "unknown type without text",
      { type: "hologram", frames: 3 },
      { type: "text", text: '[unsupported content type "hologram"]' },
      ['[unsupported content type "hologram"]'],
    ],
  ];

  it.each(cases)("should map a %s block", (_name, block, part, textParts) => {
    expect(toContentPart(block)).toEqual(part);
    expect(contentTextParts([block])).toEqual(textParts);
  });

  it("should keep the server's order in the text parts and tell text-only content apart", () => {
    const blocks = cases.map(([, block]) => block);
    expect(contentTextParts(blocks)).toEqual(cases.flatMap(([, , , text]) => text));
    expect(isTextOnly([{ type: "text", text: "a" }])).toBe(true);
    expect(isTextOnly([])).toBe(true);
    expect(isTextOnly(blocks)).toBe(false);
    expect(isTextOnly([{ type: "hologram", text: "x" }])).toBe(false);
  });
});

describe("adapter kit: error text precedence", () => {
  const result = (text: string, error?: McpToolResult["error"]): McpToolResult => ({
    content: text === "" ? [] : [{ type: "text", text }],
    isError: true,
    text,
    ...(error === undefined ? {} : { error }),
  });

  it("should show the core's message for a core failure and the server's text for its own error", () => {
    expect(
      errorText(
        result("ignored", { kind: "timeout", code: "TIMEOUT", message: "Call timed out after 5 ms" }),
      ),
    ).toBe("Call timed out after 5 ms");
    expect(
      errorText(
        result("the server's words", { kind: "tool", code: "TOOL_ERROR", message: "the core's copy" }),
      ),
    ).toBe("the server's words");
    expect(
      errorText(result("  ", { kind: "tool", code: "TOOL_ERROR", message: "MCP tool returned an error" })),
    ).toBe("MCP tool returned an error");
    expect(errorText(result(""))).toBe(EMPTY_ERROR_TEXT);
  });
});

describe("adapter kit: shared options and the option error", () => {
  it("should validate timeoutMs and onProgress, naming what was written", () => {
    expect(resolveCallOptions("X", { timeoutMs: undefined, onProgress: undefined })).toEqual({
      timeoutMs: undefined,
      onProgress: undefined,
      schemaDialect: "as-is",
    });
    expect(resolveCallOptions("X", { timeoutMs: 2_147_483_647 }).timeoutMs).toBe(2_147_483_647);
    // `timeout`, the removed alias, is not an option of ours: it is not read.
    expect(resolveCallOptions("X", { timeout: 700 } as object).timeoutMs).toBeUndefined();
    expect(() => resolveCallOptions("X", { timeoutMs: 0 })).toThrow(
      'X option "timeoutMs": expected an integer ≥ 1 (milliseconds), got zero',
    );
    expect(() => resolveCallOptions("X", { timeoutMs: 1.5 })).toThrow(/"timeoutMs".*non-integer number/);
    expect(() => resolveCallOptions("X", { timeoutMs: 2 ** 31 })).toThrow(
      /X option "timeoutMs": expected at most 2147483647 ms .*got a larger number/,
    );
    expect(() => resolveCallOptions("X", { onProgress: "log" })).toThrow(
      'X option "onProgress": expected a function, got string',
    );
    expect(resolveCallOptions("X", { schemaDialect: "gemini" }).schemaDialect).toBe("gemini");
    expect(() => resolveCallOptions("X", { schemaDialect: "openai" })).toThrow(
      'X option "schemaDialect": expected "as-is", "openai-strict", "gemini" or "anthropic", got string',
    );
  });

  it("should validate maxTotalTimeoutMs like timeoutMs and keep it apart from it", () => {
    expect(resolveCallOptions("X", { timeoutMs: 600, maxTotalTimeoutMs: 1200 })).toStrictEqual({
      timeoutMs: 600,
      maxTotalTimeoutMs: 1200,
      onProgress: undefined,
      schemaDialect: "as-is",
      context: undefined,
    });
    expect(resolveCallOptions("X", { maxTotalTimeoutMs: undefined }).maxTotalTimeoutMs).toBeUndefined();
    expect(() => resolveCallOptions("X", { maxTotalTimeoutMs: 0 })).toThrow(
      'X option "maxTotalTimeoutMs": expected an integer ≥ 1 (milliseconds), got zero',
    );
    expect(() => resolveCallOptions("X", { maxTotalTimeoutMs: 2 ** 31 })).toThrow(
      /X option "maxTotalTimeoutMs": expected at most 2147483647 ms .*got a larger number/,
    );
    expect(() => resolveCallOptions("X", { maxTotalTimeoutMs: "1s" })).toThrow(/"maxTotalTimeoutMs".*string/);
  });

  it("should throw the core's OPTIONS_INVALID McpCoreError and never quote the value", () => {
    let thrown: unknown;
    try {
      invalidOption("loadMcp", "token", "a function", "s3cr3t-value");
    } catch (error) {
      thrown = error;
    }
    expect(isMcpCoreError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ name: "McpCoreError", code: "OPTIONS_INVALID" });
    expect(String((thrown as Error).message)).toBe('loadMcp option "token": expected a function, got string');
  });

  it("should name the raw-name metadata key mcpRawName", () => {
    expect(toolMetadata({ server: "s", rawName: "raw.name" } as McpTool)).toEqual({
      mcpServer: "s",
      mcpRawName: "raw.name",
    });
  });
});

describe("adapter kit: the ./adapter entry", () => {
  it("should be exported by name only (no wildcard subpath), documented as internal", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(Object.keys(pkg.exports)).toEqual([
      ".",
      "./config",
      "./stores",
      "./adapter",
      "./search",
      "./code-mode",
      "./package.json",
    ]);
    const entry = readFileSync(new URL("../src/adapter/index.ts", import.meta.url), "utf8");
    expect(entry).not.toMatch(/export \*/);
    expect(entry).toMatch(/\*\*internal\*\*/);
    expect(entry).toMatch(/carries no\s+\*?\s*semver promise/);
  });
});

describe("adapter kit: the shared options in the docs", () => {
  /** The table that follows `heading` (or SPEC's item 4.1) in a markdown file of the repository. */
  const tableAfter = (file: string, marker: string): string => {
    const text = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
    const from = text.indexOf(marker);
    expect(from, `${file} has "${marker}"`).toBeGreaterThanOrEqual(0);
    const start = text.indexOf("| option", from);
    return text.slice(start, text.indexOf("\n\n", start));
  };

  it("should state the same option rows in every adapter's README and in SPEC §13.4", () => {
    const spec = tableAfter("SPEC.md", "4.1. **Options.**");
    expect(spec).toMatch(/`timeoutMs`/);
    expect(spec).toMatch(/`onProgress`/);
    for (const adapter of ["adapter-langchain", "adapter-ai-sdk", "adapter-toolnexus"]) {
      expect(tableAfter(`packages/${adapter}/README.md`, "### Options every adapter shares")).toBe(spec);
    }
  });
});
