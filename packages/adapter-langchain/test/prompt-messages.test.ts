import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { hostileServer, sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { instructionsPrompt, type McpPromptResultInput, toLangChainMessages } from "../src/index.js";
import { ScriptedChatModel, say } from "./scripted-chat-model.js";

const png = "iVBORw0KGgo=";

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

describe("toLangChainMessages", () => {
  const sources = sourceLoader(loadMcp, { toolCache: null });
  afterEach(() => sources.closeAll());

  it("should convert a real server's prompt (an image, an embedded resource) for a chat model", async () => {
    const source = await sources.loadServers({ s: stdioServer("dual-era", ["--resources"]) });
    const messages = toLangChainMessages(await source.getPrompt("s", "picture"));
    expect(messages.map((message) => [message.type, message.content])).toEqual([
      ["human", [{ type: "image", mimeType: "image/png", data: expect.any(String) }]],
      ["ai", "hello"],
    ]);
    const model = new ScriptedChatModel([say("a pixel")]);
    expect((await model.invoke([...messages, new HumanMessage("Describe it.")])).text).toBe("a pixel");
    expect(model.calls[0]?.messages.map((message) => message.type)).toEqual(["human", "ai", "human"]);
    const failed = await source.getPrompt("s", "no-such-prompt");
    expect(failed.isError).toBe(true);
    expect(() => toLangChainMessages(failed)).toThrow(
      /^toLangChainMessages: the prompt result is an error \(/,
    );
  });

  it("should convert each block kind to a Human/AI message with standard content blocks", () => {
    const messages = toLangChainMessages(everyKind);
    expect(messages.map((message) => message.constructor)).toEqual([
      HumanMessage,
      HumanMessage,
      AIMessage,
      HumanMessage,
      HumanMessage,
      HumanMessage,
      AIMessage,
      HumanMessage,
    ]);
    expect(messages.map((message) => message.content)).toEqual([
      "Review this.",
      [{ type: "image", mimeType: "image/png", data: png }],
      [{ type: "image", mimeType: "image/png", data: png }],
      [{ type: "audio", mimeType: "audio/wav", data: "UklGRg==" }],
      "# A",
      [{ type: "file", mimeType: "application/pdf", data: "JVBERi0=" }],
      "Resource link: b.md <file:///b.md> — notes",
      '[unsupported content type "hologram"]\n3-D',
    ]);
  });

  it("should give messages a chat model accepts and receives in order, after an instructions system message", async () => {
    const model = new ScriptedChatModel([say("reviewed")]);
    const source = { servers: () => [{ name: "docs", instructions: "Cite the page." }, { name: "plain" }] };
    const system = new SystemMessage(instructionsPrompt(source));
    const answer = await model.invoke([system, ...toLangChainMessages(everyKind)]);
    expect(answer.text).toBe("reviewed");
    const received = model.calls[0]?.messages ?? [];
    expect(received.map((message) => message.type)).toEqual([
      "system",
      "human",
      "human",
      "ai",
      "human",
      "human",
      "human",
      "ai",
      "human",
    ]);
    expect(received[0]?.content).toBe('## MCP server "docs"\nCite the page.');
    // LangChain reads the blocks as its standard ones (what it hands a provider's converter).
    expect(received[2]?.contentBlocks).toEqual([{ type: "image", mimeType: "image/png", data: png }]);
    expect(received[6]?.contentBlocks).toEqual([
      { type: "file", mimeType: "application/pdf", data: "JVBERi0=" },
    ]);
  });

  it("should throw a TypeError naming the error of a failed prompt result", () => {
    const failed = {
      messages: [],
      isError: true,
      error: { code: "PROMPT_NOT_FOUND", message: "no prompt x" },
    };
    expect(() => toLangChainMessages(failed)).toThrow(
      new TypeError(
        "toLangChainMessages: the prompt result is an error (PROMPT_NOT_FOUND: no prompt x); check isError first",
      ),
    );
  });
});

describe("instructionsPrompt (LangChain)", () => {
  const sources = sourceLoader(loadMcp, { toolCache: null });
  afterEach(() => sources.closeAll());

  it("should read the instructions real servers sent, skipping a server without any", async () => {
    const live = await sources.loadServers({ basic: stdioServer("basic"), lv: hostileServer("log-levels") });
    expect(instructionsPrompt(live, { servers: ["basic", "lv"] })).toBe(
      '## MCP server "lv"\nCall emit_logs to hear every level.',
    );
  });

  it("should throw a TypeError naming a server the source does not configure", () => {
    const source = { servers: () => [{ name: "docs", instructions: "Cite the page." }] };
    expect(() => instructionsPrompt(source, { servers: ["doc"] })).toThrow(
      new TypeError('instructionsPrompt: no MCP server named "doc" is configured (configured: docs)'),
    );
  });
});
