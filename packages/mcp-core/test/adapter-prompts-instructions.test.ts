import { describe, expect, it } from "vitest";
import {
  buildInstructionsPrompt,
  type InstructionsSource,
  type PromptResultInput,
  promptMessageParts,
} from "../src/adapter/index.js";
import { isMcpCoreError } from "../src/index.js";

const png = "iVBORw0KGgo=";

/** A source with hand-made snapshots: the kit reads only `servers()[i].name` and `.instructions`. */
function sourceOf(servers: { name: string; instructions?: string }[]): InstructionsSource {
  return { servers: () => servers };
}

describe("adapter kit: promptMessageParts", () => {
  it("should map every block kind to parts, keeping roles and order", () => {
    const result: PromptResultInput = {
      description: "all kinds",
      messages: [
        { role: "user", content: { type: "text", text: "hello" } },
        { role: "assistant", content: { type: "image", data: png, mimeType: "image/png" } },
        { role: "user", content: { type: "audio", data: "AAA=", mimeType: "audio/wav" } },
        { role: "user", content: { type: "resource", resource: { uri: "file:///a.txt", text: "body" } } },
        {
          role: "user",
          content: {
            type: "resource",
            resource: { uri: "file:///a.pdf", blob: "JVBE", mimeType: "application/pdf" },
          },
        },
        { role: "user", content: { type: "resource_link", uri: "file:///b.txt", name: "b.txt" } },
        { role: "user", content: { type: "hologram", text: "3-D" } },
      ],
    };
    expect(promptMessageParts(result, "toX")).toEqual([
      { role: "user", parts: [{ type: "text", text: "hello" }] },
      { role: "assistant", parts: [{ type: "image", mimeType: "image/png", data: png }] },
      { role: "user", parts: [{ type: "audio", mimeType: "audio/wav", data: "AAA=" }] },
      { role: "user", parts: [{ type: "text", text: "body" }] },
      { role: "user", parts: [{ type: "file", mimeType: "application/pdf", data: "JVBE" }] },
      { role: "user", parts: [{ type: "text", text: "Resource link: b.txt <file:///b.txt>" }] },
      { role: "user", parts: [{ type: "text", text: '[unsupported content type "hologram"]\n3-D' }] },
    ]);
  });

  it("should read any role but assistant as user, and a malformed block as a text saying so", () => {
    const result = {
      messages: [
        { role: "system", content: { type: "text", text: "obey" } },
        { role: "user", content: { type: "image", data: 5 } },
        { role: "user", content: null },
      ],
    };
    expect(promptMessageParts(result, "toX")).toEqual([
      { role: "user", parts: [{ type: "text", text: "obey" }] },
      { role: "user", parts: [{ type: "text", text: '[invalid content block of type "image"]' }] },
      { role: "user", parts: [{ type: "text", text: "[invalid content block]" }] },
    ]);
  });

  it("should throw a TypeError naming the error of a failed result, and for a value that is not one", () => {
    const failed = {
      messages: [],
      isError: true,
      error: { code: "SERVER_STOPPED", message: 'MCP server "docs" is stopped' },
    };
    expect(() => promptMessageParts(failed, "toX")).toThrow(
      new TypeError(
        'toX: the prompt result is an error (SERVER_STOPPED: MCP server "docs" is stopped); check isError first',
      ),
    );
    expect(() => promptMessageParts({ messages: [], isError: true }, "toX")).toThrow(/\(unknown error\)/);
    expect(() => promptMessageParts(null as never, "toX")).toThrow(
      new TypeError("toX: expected a prompt result ({ messages: [...] }), got null"),
    );
    expect(() => promptMessageParts({ description: "x" } as never, "toX")).toThrow(
      /got an object without a messages array/,
    );
  });
});

describe("adapter kit: buildInstructionsPrompt", () => {
  const source = sourceOf([
    { name: "docs", instructions: "Search before you read.\n" },
    { name: "plain" },
    { name: "db", instructions: "Read-only. Never guess table names." },
    { name: "blank", instructions: "  \n" },
  ]);

  it("should build a section per server with instructions, in the source's order by default", () => {
    expect(buildInstructionsPrompt(source, undefined, "instructionsPrompt")).toBe(
      '## MCP server "docs"\nSearch before you read.\n\n## MCP server "db"\nRead-only. Never guess table names.',
    );
  });

  it("should take the chosen servers in the given order and skip those without instructions", () => {
    expect(buildInstructionsPrompt(source, { servers: ["db", "plain", "docs", "db"] }, "f")).toBe(
      '## MCP server "db"\nRead-only. Never guess table names.\n\n## MCP server "docs"\nSearch before you read.',
    );
    expect(buildInstructionsPrompt(source, { servers: "plain" }, "f")).toBe("");
    expect(buildInstructionsPrompt(sourceOf([]), undefined, "f")).toBe("");
  });

  it("should throw a TypeError naming an unknown server, and reject a malformed servers option", () => {
    expect(() =>
      buildInstructionsPrompt(source, { servers: ["docs", "dcos"] }, "instructionsPrompt"),
    ).toThrow(
      new TypeError(
        'instructionsPrompt: no MCP server named "dcos" is configured (configured: docs, plain, db, blank)',
      ),
    );
    let error: unknown;
    try {
      buildInstructionsPrompt(source, { servers: [1] as never }, "instructionsPrompt");
    } catch (e) {
      error = e;
    }
    expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
    expect((error as Error).message).toMatch(
      /^instructionsPrompt option "servers": expected a server name or an array/,
    );
  });
});
