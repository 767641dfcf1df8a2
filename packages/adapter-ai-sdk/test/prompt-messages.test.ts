import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { type McpPromptResultInput, toAiSdkMessages } from "../src/index.js";
import { type CallOptions, scriptedModel, text } from "./support/model.js";

const png =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A prompt result with one message per MCP block kind (as `prompts/get` returns it). */
const everyKind: McpPromptResultInput = {
  description: "every block kind",
  messages: [
    { role: "user", content: { type: "text", text: "Review this." } },
    { role: "user", content: { type: "image", data: png, mimeType: "image/png" } },
    { role: "assistant", content: { type: "image", data: png, mimeType: "image/png" } },
    { role: "user", content: { type: "audio", data: "UklGRg==", mimeType: "audio/wav" } },
    { role: "user", content: { type: "resource", resource: { uri: "file:///a.md", text: "# A" } } },
    {
      role: "user",
      content: {
        type: "resource",
        resource: { uri: "file:///a.pdf", blob: "JVBERi0=", mimeType: "application/pdf" },
      },
    },
    {
      role: "assistant",
      content: { type: "resource_link", uri: "file:///b.md", name: "b.md", description: "notes" },
    },
    { role: "user", content: { type: "hologram", text: "3-D" } },
  ],
};

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("toAiSdkMessages", () => {
  it("should convert a real server's prompt (an image, an embedded resource) for generateText", async () => {
    const source = await sources.loadServers({ s: stdioServer("dual-era", ["--resources"]) });
    const messages = toAiSdkMessages(await source.getPrompt("s", "picture"));
    expect(messages).toEqual([
      { role: "user", content: [{ type: "file", data: expect.any(String), mediaType: "image/png" }] },
      { role: "assistant", content: "hello" },
    ]);
    let prompt: CallOptions["prompt"] = [];
    await generateText({
      model: scriptedModel([
        (options) => {
          prompt = options.prompt;
          return [text("ok")];
        },
      ]),
      messages: [...messages, { role: "user", content: "Describe it." }],
    });
    expect(prompt.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    const failed = await source.getPrompt("s", "no-such-prompt");
    expect(failed.isError).toBe(true);
    expect(() => toAiSdkMessages(failed)).toThrow(/^toAiSdkMessages: the prompt result is an error \(/);
  });

  it("should convert each block kind to the AI SDK's message content", () => {
    expect(toAiSdkMessages(everyKind)).toEqual([
      { role: "user", content: "Review this." },
      { role: "user", content: [{ type: "file", data: png, mediaType: "image/png" }] },
      { role: "assistant", content: [{ type: "file", data: png, mediaType: "image/png" }] },
      { role: "user", content: [{ type: "file", data: "UklGRg==", mediaType: "audio/wav" }] },
      { role: "user", content: "# A" },
      { role: "user", content: [{ type: "file", data: "JVBERi0=", mediaType: "application/pdf" }] },
      { role: "assistant", content: "Resource link: b.md <file:///b.md> — notes" },
      { role: "user", content: '[unsupported content type "hologram"]\n3-D' },
    ]);
  });

  it("should give messages generateText accepts and hands the model in order", async () => {
    let prompt: CallOptions["prompt"] = [];
    const result = await generateText({
      model: scriptedModel([
        (options) => {
          prompt = options.prompt;
          return [text("reviewed")];
        },
      ]),
      messages: toAiSdkMessages(everyKind),
    });
    expect(result.text).toBe("reviewed");
    // The SDK merges nothing: one provider message per MCP message, roles kept.
    expect(prompt.map((message) => message.role)).toEqual([
      "user",
      "user",
      "assistant",
      "user",
      "user",
      "user",
      "assistant",
      "user",
    ]);
    type Part = { type: string; mediaType?: string; text?: string };
    const parts = prompt.flatMap((message): Part[] =>
      typeof message.content === "string" ? [] : [...(message.content as readonly Part[])],
    );
    expect(parts.filter((part) => part.type === "file").map((part) => part.mediaType)).toEqual([
      "image/png",
      "image/png",
      "audio/wav",
      "application/pdf",
    ]);
    expect(parts.filter((part) => part.type === "text").map((part) => part.text)).toEqual([
      "Review this.",
      "# A",
      "Resource link: b.md <file:///b.md> — notes",
      '[unsupported content type "hologram"]\n3-D',
    ]);
  });

  it("should throw a TypeError naming the error of a failed prompt result", () => {
    const failed = {
      messages: [],
      isError: true,
      error: { kind: "unavailable", code: "SERVER_STOPPED", message: 'MCP server "docs" is stopped' },
    };
    expect(() => toAiSdkMessages(failed)).toThrow(
      new TypeError(
        'toAiSdkMessages: the prompt result is an error (SERVER_STOPPED: MCP server "docs" is stopped); check isError first',
      ),
    );
  });
});
