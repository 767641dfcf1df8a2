// langChainSampling: a server borrows the host's LangChain chat model. End to end against the real
// `@modelcontextprotocol/server-everything` (stdio, its `trigger-sampling-request` tool), and the
// handler driven directly for what that server never sends (tools, hints, a cancelled request).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { AIMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { FakeChatModel } from "@langchain/core/utils/testing";
import { sourceLoader, waitFor } from "@toolnexus/fixtures";
import { isMcpCoreError, loadMcp } from "@toolnexus/mcp-core";
import type { SamplingRequest } from "@toolnexus/mcp-core/adapter";
import type { SamplingContext } from "@toolnexus/mcp-core/config";
import { afterEach, describe, expect, it } from "vitest";
import { langChainSampling, type SamplingCallLimits } from "../src/index.js";
import { ScriptedChatModel, say } from "./scripted-chat-model.js";

const sources = sourceLoader(loadMcp, { toolCache: null, autoRestart: { enabled: false } });
afterEach(() => sources.closeAll());

const require = createRequire(import.meta.url);
const everything = {
  command: process.execPath,
  args: [
    join(dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist/index.js"),
    "stdio",
  ],
};
const SAMPLING_TOOL = "trigger-sampling-request";

function context(signal = new AbortController().signal): SamplingContext {
  return { server: "s", signal };
}

function request(patch: Partial<SamplingRequest> = {}): SamplingRequest {
  return { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 100, ...patch };
}

describe("langChainSampling against server-everything", () => {
  it("should answer the server's request with the host's chat model, its prompt and system prompt passed, maxTokens capped", async () => {
    const model = new ScriptedChatModel([say("the host model's answer")]);
    const limits: SamplingCallLimits[] = [];
    const loadOptions = langChainSampling({
      model,
      maxTokens: 40,
      callOptions: (given) => {
        limits.push(given);
        return { max_tokens: given.maxTokens };
      },
    });
    const source = await sources.loadServers({ everything }, { ...loadOptions });
    await waitFor(() => source.tools.some((t) => t.rawName === SAMPLING_TOOL));
    const tool = source.tools.find((t) => t.rawName === SAMPLING_TOOL);
    const result = await tool?.execute({ prompt: "hello", maxTokens: 100 });

    expect(result?.isError).toBe(false);
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.messages).toEqual([
      new SystemMessage("You are a helpful test server."),
      new HumanMessage(`Resource ${SAMPLING_TOOL} context: hello`),
    ]);
    expect(limits).toEqual([{ maxTokens: 40, temperature: 0.7 }]);
    expect(model.calls[0]?.options.max_tokens).toBe(40);
    expect(model.calls[0]?.options.signal).toBeInstanceOf(AbortSignal);
    // The server got the model's text back, named by the model that answered.
    expect(result?.text).toContain('"text": "the host model\'s answer"');
    expect(result?.text).toContain('"model": "ScriptedChatModel"');
    expect(result?.text).toContain('"stopReason": "endTurn"');
  });
});

describe("the langChainSampling handler", () => {
  it("should bind the request's tools and return the model's tool calls without running them", async () => {
    const model = new ScriptedChatModel([
      () =>
        new AIMessage({
          content: "let me look",
          tool_calls: [{ id: "call-1", name: "get_weather", args: { city: "Paris" }, type: "tool_call" }],
        }),
    ]);
    const { onSampling, sampling } = langChainSampling({ model });
    expect(sampling).toEqual({ tools: true });
    const inputSchema = { type: "object" as const, properties: { city: { type: "string" } } };
    const result = await onSampling(
      request({
        tools: [{ name: "get_weather", description: "Weather of a city", inputSchema }],
        toolChoice: { mode: "required" },
        stopSequences: ["END"],
      }),
      context(),
    );
    expect(model.calls[0]?.tools).toEqual([
      {
        type: "function",
        function: { name: "get_weather", description: "Weather of a city", parameters: inputSchema },
      },
    ]);
    expect(model.calls[0]?.options.tool_choice).toBe("any");
    expect(model.calls[0]?.options.stop).toEqual(["END"]);
    expect(result).toEqual({
      role: "assistant",
      model: "ScriptedChatModel",
      stopReason: "toolUse",
      content: [
        { type: "text", text: "let me look" },
        { type: "tool_use", id: "call-1", name: "get_weather", input: { city: "Paris" } },
      ],
    });
  });

  it("should send only the server's messages, whatever includeContext asks", async () => {
    const model = new ScriptedChatModel([say("ok")]);
    const { onSampling } = langChainSampling({ model });
    await onSampling(request({ includeContext: "allServers" }), context());
    expect(model.calls[0]?.messages).toEqual([new HumanMessage("hi")]);
  });

  it("should pick the host's model a hint names, else the default one", async () => {
    const fallback = new ScriptedChatModel([say("default")]);
    const sonnet = new ScriptedChatModel([say("sonnet")]);
    const { onSampling } = langChainSampling({
      model: fallback,
      models: { "claude-haiku-4-5": new ScriptedChatModel([]), "claude-sonnet-4-5": sonnet },
    });
    const hinted = await onSampling(
      request({ modelPreferences: { hints: [{ name: "opus" }, { name: "Sonnet" }] } }),
      context(),
    );
    expect(hinted.content).toEqual({ type: "text", text: "sonnet" });
    const unmatched = await onSampling(
      request({ modelPreferences: { hints: [{ name: "gpt" }] } }),
      context(),
    );
    expect(unmatched.content).toEqual({ type: "text", text: "default" });
  });

  it("should abort the model call when the server cancels the request", async () => {
    const controller = new AbortController();
    const late = new Promise<AIMessage>((resolve) =>
      controller.signal.addEventListener("abort", () => setTimeout(() => resolve(new AIMessage("late")), 50)),
    );
    const model = new ScriptedChatModel([
      () => {
        controller.abort(new Error("cancelled by the server"));
        return late;
      },
    ]);
    const { onSampling } = langChainSampling({ model });
    await expect(onSampling(request(), context(controller.signal))).rejects.toThrow(
      "cancelled by the server",
    );
  });

  it("should not declare tools for a chat model without bindTools, and refuse to be told otherwise", async () => {
    const model = new FakeChatModel({});
    const { onSampling, sampling } = langChainSampling({ model });
    expect(sampling).toEqual({ tools: false });
    const tools = [{ name: "t", inputSchema: { type: "object" as const } }];
    await expect(onSampling(request({ tools }), context())).rejects.toThrow(/tools are off/);
    let error: unknown;
    try {
      langChainSampling({ model, tools: true });
    } catch (caught) {
      error = caught;
    }
    expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
    expect(String(error)).toContain('"tools"');
  });
});
