import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { classifyCallError } from "../src/calls/call-failure.js";
import { errorMessage } from "../src/errors.js";
import { isKnownContentBlock, type McpSource, unsupportedContentText } from "../src/index.js";
import { toolByName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

const load = (arg?: string): Promise<McpSource> =>
  sources.load({ mcpServers: { h: hostileServer("unknown-content", arg === undefined ? {} : { arg }) } });

describe("content blocks of unknown or invalid types", () => {
  it("should pass a block of an unknown type through as it came, keeping the rest", async () => {
    const source = await load();
    const result = await toolByName(source, "mcp__h__unknown").execute({});

    expect(result).toStrictEqual({
      content: [
        { type: "text", text: "before" },
        { type: "hologram", text: "a greeting in 3-D", data: "AAAA", extra: { nested: true } },
        { type: "text", text: "after" },
      ],
      isError: false,
      text: "before\nafter",
    });
    const unknown = result.content[1];
    if (!unknown || isKnownContentBlock(unknown)) throw new Error("expected the unknown block");
    expect(unsupportedContentText(unknown)).toBe('[unsupported content type "hologram"]\na greeting in 3-D');
  });

  it("should replace only the invalid blocks of known types with a short text", async () => {
    const source = await load();
    const result = await toolByName(source, "mcp__h__malformed").execute({});

    expect(result.isError).toBe(false);
    expect(result.content).toStrictEqual([
      { type: "text", text: '[invalid content block of type "image"]' },
      { type: "text", text: '[invalid content block of type "text"]' },
      { type: "text", text: "[invalid content block]" },
      { type: "text", text: "[invalid content block]" },
      { type: "text", text: "the good one" },
    ]);
  });

  it("should read a content member that is not a list as one invalid block", async () => {
    const source = await load();
    const result = await toolByName(source, "mcp__h__bad-result").execute({});

    expect(result).toStrictEqual({
      content: [{ type: "text", text: "[invalid content block]" }],
      isError: false,
      text: "[invalid content block]",
    });
  });

  it("should quote a long unknown type cut at 64 code points", async () => {
    const source = await load("x".repeat(5000));
    const result = await toolByName(source, "mcp__h__unknown").execute({});
    const unknown = result.content[1];
    if (!unknown || isKnownContentBlock(unknown)) throw new Error("expected the unknown block");

    expect(unsupportedContentText(unknown)).toBe(
      `[unsupported content type "${"x".repeat(64)}…"]\na greeting in 3-D`,
    );
  });
});

describe("validator errors in messages", () => {
  const zodError = (() => {
    const schema = z.object({
      content: z.array(z.union([z.object({ type: z.literal("text") }), z.string()])),
    });
    const parsed = schema.safeParse({ content: Array.from({ length: 50 }, () => ({ type: "x" })) });
    if (parsed.success) throw new Error("expected a validation error");
    return parsed.error;
  })();

  it("should summarize a zod error instead of its dump, in any message", () => {
    expect(zodError.message.length).toBeGreaterThan(5000);
    expect(errorMessage(zodError)).toBe("invalid data (content.0: Invalid input and 49 more issues)");
  });

  it("should classify a result that fails validation as a short protocol error", () => {
    const result = classifyCallError(zodError, { aborted: false, timeoutMs: 1000, server: "s", tool: "t" });

    expect(result.error).toStrictEqual({
      kind: "protocol",
      code: "PROTOCOL_ERROR",
      message:
        'Call to tool "t" on MCP server "s" failed: the server sent an invalid result ' +
        "(content.0: Invalid input and 49 more issues)",
      detail: "the server sent an invalid result (content.0: Invalid input and 49 more issues)",
    });
  });
});
