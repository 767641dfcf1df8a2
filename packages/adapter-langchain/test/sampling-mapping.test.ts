// The sampling mappings one by one: a server's request into LangChain messages (media, tool calls
// and results), the model's answer back into a sampling result, and the id of the answering model.
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { tinyPngBase64 } from "@toolnexus/fixtures";
import { chooseModel } from "@toolnexus/mcp-core/adapter";
import { describe, expect, it } from "vitest";
import { samplingToLangChainMessages } from "../src/sampling-messages.js";
import { answeringModelId, toSamplingResult } from "../src/sampling-result.js";

const AUDIO = "UklGRiQAAABXQVZF";

describe("a server's sampling request as LangChain messages", () => {
  it("should carry the system prompt, text, images and audio both ways", () => {
    const messages = samplingToLangChainMessages({
      systemPrompt: "be brief",
      maxTokens: 10,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "what is in these?" },
            { type: "image", data: tinyPngBase64, mimeType: "image/png" },
            { type: "audio", data: AUDIO, mimeType: "audio/wav" },
          ],
        },
        { role: "assistant", content: { type: "image", data: tinyPngBase64, mimeType: "image/png" } },
      ],
    });
    expect(messages).toEqual([
      new SystemMessage("be brief"),
      new HumanMessage({
        content: [
          { type: "text", text: "what is in these?" },
          { type: "image", mimeType: "image/png", data: tinyPngBase64 },
          { type: "audio", mimeType: "audio/wav", data: AUDIO },
        ],
      }),
      new AIMessage({
        content: [{ type: "image", mimeType: "image/png", data: tinyPngBase64 }],
        tool_calls: [],
      }),
    ]);
  });

  it("should turn tool_use into tool_calls and tool_result into ToolMessages, errors with status error", () => {
    const messages = samplingToLangChainMessages({
      maxTokens: 10,
      messages: [
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
            { type: "text", text: "and tomorrow?" },
          ],
        },
        { role: "assistant", content: [{ type: "tool_use", id: "c2", name: "get_weather", input: {} }] },
        { role: "user", content: { type: "tool_result", toolUseId: "c2", content: [], isError: true } },
      ],
    });
    expect(messages).toEqual([
      new AIMessage({
        content: "",
        tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" }, type: "tool_call" }],
      }),
      new ToolMessage({
        tool_call_id: "c1",
        status: "success",
        content: [
          { type: "text", text: "sunny" },
          { type: "image", mimeType: "image/png", data: tinyPngBase64 },
        ],
      }),
      new HumanMessage("and tomorrow?"),
      new AIMessage({
        content: "",
        tool_calls: [{ id: "c2", name: "get_weather", args: {}, type: "tool_call" }],
      }),
      new ToolMessage({ tool_call_id: "c2", status: "error", content: "MCP tool returned an error" }),
    ]);
  });

  it("should reject a block in a role that cannot carry it", () => {
    const misplaced = { type: "tool_use" as const, id: "c", name: "t", input: {} };
    expect(() =>
      samplingToLangChainMessages({ maxTokens: 1, messages: [{ role: "user", content: misplaced }] }),
    ).toThrow(/user message carries a "tool_use" block/);
  });
});

describe("the chat model's answer as a sampling result", () => {
  it("should send one block without tools: the texts joined, or else the first image or audio", () => {
    const text = new AIMessage({
      content: [
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ],
    });
    expect(toSamplingResult(text, false, "m")).toEqual({
      role: "assistant",
      model: "m",
      stopReason: "endTurn",
      content: { type: "text", text: "ab" },
    });
    const audio = new AIMessage({
      content: [{ type: "audio", mimeType: "audio/wav", data: AUDIO }],
      response_metadata: { finish_reason: "length" },
    });
    expect(toSamplingResult(audio, false, "m")).toEqual({
      role: "assistant",
      model: "m",
      stopReason: "maxTokens",
      content: { type: "audio", data: AUDIO, mimeType: "audio/wav" },
    });
  });

  it("should send every block with tools, tool calls as tool_use", () => {
    const answer = new AIMessage({
      content: [{ type: "image", mimeType: "image/png", data: tinyPngBase64 }],
      tool_calls: [{ id: "c1", name: "lookup", args: { q: "x" }, type: "tool_call" }],
      response_metadata: { stop_reason: "tool_use" },
    });
    expect(toSamplingResult(answer, true, "m")).toEqual({
      role: "assistant",
      model: "m",
      stopReason: "toolUse",
      content: [
        { type: "image", data: tinyPngBase64, mimeType: "image/png" },
        { type: "tool_use", id: "c1", name: "lookup", input: { q: "x" } },
      ],
    });
  });

  it("should name the model the provider reports, else the chat model's own", () => {
    const model = { getName: () => "ChatThing", model: "thing-1" };
    expect(
      answeringModelId(new AIMessage({ content: "", response_metadata: { model_name: "gpt-x" } }), model),
    ).toBe("gpt-x");
    expect(answeringModelId(new AIMessage(""), model)).toBe("thing-1");
    expect(answeringModelId(new AIMessage(""), { getName: () => "ChatThing" })).toBe("ChatThing");
  });
});

describe("the model a request's hints choose", () => {
  it("should take the first hint that is a substring of a key, case-insensitive", () => {
    const models = { "claude-haiku-4-5": "haiku", "claude-sonnet-4-5": "sonnet" };
    expect(chooseModel({ hints: [{ name: "opus" }, { name: "SONNET" }] }, models, "default")).toBe("sonnet");
    expect(chooseModel({ hints: [{ name: "claude" }] }, models, "default")).toBe("haiku");
    expect(chooseModel({ hints: [{ name: "gpt" }] }, models, "default")).toBe("default");
    expect(chooseModel(undefined, models, "default")).toBe("default");
  });
});
