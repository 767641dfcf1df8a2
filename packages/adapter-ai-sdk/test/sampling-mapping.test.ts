// The sampling mappings one by one: a server's messages into AI SDK messages (media, tool calls and
// results), the model's answer back into a sampling result, the request's tools, and the hint choice.
import { tinyPngBase64 } from "@toolnexus/fixtures";
import { chooseModel } from "@toolnexus/mcp-core/adapter";
import { describe, expect, it } from "vitest";
import { type SamplingMessage, samplingToModelMessages } from "../src/sampling-messages.js";
import { type GeneratedAnswer, toSamplingResult } from "../src/sampling-result.js";
import { samplingToolSet } from "../src/sampling-tools.js";
import { mediaOutputPart } from "./support/ai-major.js";

const AUDIO = "UklGRiQAAABXQVZF";

function answer(content: GeneratedAnswer["content"], finishReason = "stop"): GeneratedAnswer {
  return { content, finishReason, response: { modelId: "host-model" } };
}

describe("a server's sampling messages as AI SDK messages", () => {
  it("should carry text, images and audio both ways as text and file parts", () => {
    const messages: SamplingMessage[] = [
      {
        role: "user",
        content: [
          { type: "text", text: "what is in these?" },
          { type: "image", data: tinyPngBase64, mimeType: "image/png" },
          { type: "audio", data: AUDIO, mimeType: "audio/wav" },
        ],
      },
      { role: "assistant", content: { type: "image", data: tinyPngBase64, mimeType: "image/png" } },
    ];
    expect(samplingToModelMessages(messages)).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "what is in these?" },
          { type: "file", data: tinyPngBase64, mediaType: "image/png" },
          { type: "file", data: AUDIO, mediaType: "audio/wav" },
        ],
      },
      { role: "assistant", content: [{ type: "file", data: tinyPngBase64, mediaType: "image/png" }] },
    ]);
  });

  it("should turn tool_use into a tool call and tool_result into a tool message named by it", () => {
    const messages: SamplingMessage[] = [
      { role: "user", content: { type: "text", text: "weather?" } },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "c1", name: "get_weather", input: { city: "Paris" } }],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            toolUseId: "c1",
            content: [
              { type: "text", text: "sunny" },
              { type: "image", data: tinyPngBase64, mimeType: "image/png" },
            ],
          },
        ],
      },
      { role: "assistant", content: [{ type: "tool_use", id: "c2", name: "get_weather", input: {} }] },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            toolUseId: "c2",
            content: [{ type: "text", text: "no city" }],
            isError: true,
          },
          { type: "text", text: "try again" },
        ],
      },
    ];
    const [, call, result, , failed, after] = samplingToModelMessages(messages);
    expect(call).toEqual({
      role: "assistant",
      content: [{ type: "tool-call", toolCallId: "c1", toolName: "get_weather", input: { city: "Paris" } }],
    });
    expect(result).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "c1",
          toolName: "get_weather",
          output: {
            type: "content",
            value: [{ type: "text", text: "sunny" }, mediaOutputPart("image", tinyPngBase64, "image/png")],
          },
        },
      ],
    });
    expect(failed).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "c2",
          toolName: "get_weather",
          output: { type: "error-text", value: "no city" },
        },
      ],
    });
    expect(after).toEqual({ role: "user", content: [{ type: "text", text: "try again" }] });
  });

  it("should reject a tool_result that answers no tool_use", () => {
    const orphan: SamplingMessage = {
      role: "user",
      content: { type: "tool_result", toolUseId: "nowhere", content: [] },
    };
    expect(() => samplingToModelMessages([orphan])).toThrow(/answers no earlier tool_use/);
  });
});

describe("the model's answer as a sampling result", () => {
  it("should send one block without tools: the texts joined, or else the first image or audio", () => {
    expect(
      toSamplingResult(
        answer([
          { type: "text", text: "a" },
          { type: "reasoning", text: "hidden" },
          { type: "text", text: "b" },
        ]),
        false,
      ),
    ).toEqual({
      role: "assistant",
      model: "host-model",
      stopReason: "endTurn",
      content: { type: "text", text: "ab" },
    });
    const audio = answer([{ type: "file", file: { base64: AUDIO, mediaType: "audio/wav" } }], "length");
    expect(toSamplingResult(audio, false)).toEqual({
      role: "assistant",
      model: "host-model",
      stopReason: "maxTokens",
      content: { type: "audio", data: AUDIO, mimeType: "audio/wav" },
    });
    expect(toSamplingResult(answer([], "content-filter"), false)).toEqual({
      role: "assistant",
      model: "host-model",
      content: { type: "text", text: "" },
    });
  });

  it("should send every block with tools, tool calls as tool_use, invalid ones left out", () => {
    const result = toSamplingResult(
      answer(
        [
          { type: "file", file: { base64: tinyPngBase64, mediaType: "image/png" } },
          { type: "file", file: { base64: "JVBERi0=", mediaType: "application/pdf" } },
          { type: "tool-call", toolCallId: "c1", toolName: "lookup", input: { q: "x" } },
          { type: "tool-call", toolCallId: "c2", toolName: "nope", input: "not json", invalid: true },
        ],
        "tool-calls",
      ),
      true,
    );
    expect(result).toEqual({
      role: "assistant",
      model: "host-model",
      stopReason: "toolUse",
      content: [
        { type: "image", data: tinyPngBase64, mimeType: "image/png" },
        { type: "tool_use", id: "c1", name: "lookup", input: { q: "x" } },
      ],
    });
  });
});

describe("the request's tools", () => {
  it("should keep every name as a tool, one named like an Object.prototype member included", () => {
    const set = samplingToolSet([
      { name: "__proto__", inputSchema: { type: "object" } },
      { name: "constructor", inputSchema: { type: "object" } },
    ]);
    expect(Object.keys(set)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(set)).toBe(Object.prototype);
    expect(set.constructor).not.toBe(Object);
  });

  it("should reject two tools with one name", () => {
    const tool = { name: "t", inputSchema: { type: "object" as const } };
    expect(() => samplingToolSet([tool, tool])).toThrow(/share a name/);
  });
});

describe("the model a request's hints choose", () => {
  const models = { "claude-haiku-4-5": "haiku", "claude-sonnet-4-5": "sonnet", "gpt-5": "gpt" };
  it.each([
    [undefined, "default"],
    [{}, "default"],
    [{ hints: [] }, "default"],
    [{ hints: [{ name: "sonnet" }] }, "sonnet"],
    [{ hints: [{ name: "Claude" }] }, "haiku"],
    [{ hints: [{ name: "opus" }, { name: "gpt" }] }, "gpt"],
    [{ hints: [{}, { name: "" }, { name: "haiku" }] }, "haiku"],
    [{ hints: [{ name: "claude-sonnet-4-5-extended" }] }, "default"],
  ])("%j should choose %s", (preferences, chosen) => {
    expect(chooseModel(preferences, models, "default")).toBe(chosen);
  });
});
