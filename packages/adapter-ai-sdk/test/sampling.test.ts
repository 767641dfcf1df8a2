// aiSdkSampling: a server borrows the host's AI SDK model. End to end against the real
// `@modelcontextprotocol/server-everything` (stdio, its `trigger-sampling-request` tool), and the
// handler driven directly for what that server never sends (tools, hints, media, a cancelled request).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { sourceLoader, tinyPngBase64, waitFor } from "@toolnexus/fixtures";
import { isMcpCoreError, loadMcp, type McpSource, type McpTool } from "@toolnexus/mcp-core";
import { SAMPLING_FAILED_MESSAGE, type SamplingRequest } from "@toolnexus/mcp-core/adapter";
import type { SamplingContext } from "@toolnexus/mcp-core/config";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aiSdkSampling } from "../src/index.js";
import { type CallOptions, scriptedModel, text, toolCall } from "./support/model.js";

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

/** The text of the model's prompt messages of one role, in order. */
function promptTexts(options: CallOptions, role: string): string[] {
  return options.prompt.flatMap((message) => {
    if (message.role !== role) return [];
    if (typeof message.content === "string") return [message.content];
    return message.content.flatMap((part) => (part.type === "text" ? [part.text] : []));
  });
}

function context(signal = new AbortController().signal): SamplingContext {
  return { server: "s", signal };
}

function request(patch: Partial<SamplingRequest> = {}): SamplingRequest {
  return { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 100, ...patch };
}

describe("aiSdkSampling against server-everything", () => {
  // One server for the describe; the host's model answers by the prompt it gets.
  const shared = sourceLoader(loadMcp, { toolCache: null, autoRestart: { enabled: false } });
  const HOST_SECRET = "sk-host-secret-0123456789";
  const seen: CallOptions[] = [];
  let source: McpSource;
  beforeAll(async () => {
    const model = scriptedModel(
      Array.from({ length: 4 }, () => (options: CallOptions) => {
        seen.push(options);
        if (promptTexts(options, "user").some((t) => t.endsWith("fail"))) {
          throw new Error(`401 from the provider: invalid key ${HOST_SECRET}`);
        }
        return [text("the host model's answer")];
      }),
    );
    // maxRetries is the SDK's default (2): a thrown model error is retried only when retryable.
    source = await shared.loadServers({ everything }, { ...aiSdkSampling({ model, maxTokens: 40 }) });
    await waitFor(() => source.tools.some((t) => t.rawName === SAMPLING_TOOL));
  });
  afterAll(() => shared.closeAll());

  function samplingTool(): McpTool {
    const tool = source.tools.find((t) => t.rawName === SAMPLING_TOOL);
    if (!tool) throw new Error("server-everything offers no sampling tool");
    return tool;
  }

  it("should answer the server's request with the host's model, its prompt and system prompt passed, maxTokens capped", async () => {
    seen.length = 0;
    const result = await samplingTool().execute({ prompt: "hello", maxTokens: 100 });

    expect(result.isError).toBe(false);
    expect(seen).toHaveLength(1);
    const [options] = seen;
    expect(promptTexts(options as CallOptions, "system")).toEqual(["You are a helpful test server."]);
    expect(promptTexts(options as CallOptions, "user")).toEqual([`Resource ${SAMPLING_TOOL} context: hello`]);
    expect(options?.maxOutputTokens).toBe(40);
    expect(options?.temperature).toBe(0.7);
    // The server got the model's text back, named by the model that answered.
    expect(result.text).toContain('"text": "the host model\'s answer"');
    expect(result.text).toContain('"model": "mock-model-id"');
    expect(result.text).toContain('"stopReason": "endTurn"');
  });

  it("should answer the server with a generic error when the host's model fails, its text kept from the server", async () => {
    const result = await samplingTool().execute({ prompt: "please fail" });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(SAMPLING_FAILED_MESSAGE);
    expect(result.text).not.toContain(HOST_SECRET);
    expect(result.text).not.toContain("401");
  });
});

describe("the aiSdkSampling handler", () => {
  it("should pass the request's own maxTokens when it is below the cap, and declare tools by default", async () => {
    let maxOutputTokens: number | undefined;
    const loadOptions = aiSdkSampling({
      model: scriptedModel([
        (options) => {
          maxOutputTokens = options.maxOutputTokens;
          return [text("ok")];
        },
      ]),
      maxTokens: 500,
    });
    expect(loadOptions.sampling).toEqual({ tools: true });
    await loadOptions.onSampling(request({ maxTokens: 12 }), context());
    expect(maxOutputTokens).toBe(12);
  });

  it("should send only the server's messages, whatever includeContext asks", async () => {
    let prompt: CallOptions["prompt"] = [];
    const { onSampling } = aiSdkSampling({
      model: scriptedModel([
        (options) => {
          prompt = options.prompt;
          return [text("ok")];
        },
      ]),
    });
    await onSampling(request({ includeContext: "allServers" }), context());
    expect(prompt).toEqual([{ role: "user", content: [{ type: "text", text: "hi" }] }]);
  });

  it("should pick the host's model a hint names, else the default one", async () => {
    const answering = (id: string) => scriptedModel([() => [text(id)], () => [text(id)]]);
    const { onSampling } = aiSdkSampling({
      model: answering("default"),
      models: { "claude-haiku-4-5": answering("haiku"), "claude-sonnet-4-5": answering("sonnet") },
    });
    const hinted = await onSampling(
      request({ modelPreferences: { hints: [{ name: "opus" }, { name: "SONNET" }] } }),
      context(),
    );
    expect(hinted.content).toEqual({ type: "text", text: "sonnet" });
    const unmatched = await onSampling(
      request({ modelPreferences: { hints: [{ name: "gpt" }] } }),
      context(),
    );
    expect(unmatched.content).toEqual({ type: "text", text: "default" });
  });

  it("should offer the request's tools without running them and return the model's tool calls", async () => {
    let offered: CallOptions | undefined;
    const { onSampling } = aiSdkSampling({
      model: scriptedModel([
        (options) => {
          offered = options;
          return [text("let me look"), toolCall("get_weather", { city: "Paris" }, "call-1")];
        },
      ]),
    });
    const result = await onSampling(
      request({
        tools: [
          {
            name: "get_weather",
            description: "Weather of a city",
            inputSchema: { type: "object", properties: { city: { type: "string" } } },
          },
        ],
        toolChoice: { mode: "required" },
      }),
      context(),
    );
    expect(offered?.tools).toMatchObject([
      {
        type: "function",
        name: "get_weather",
        description: "Weather of a city",
        inputSchema: { type: "object", properties: { city: { type: "string" } } },
      },
    ]);
    expect(offered?.toolChoice).toEqual({ type: "required" });
    expect(result).toMatchObject({
      role: "assistant",
      model: "mock-model-id",
      stopReason: "toolUse",
      content: [
        { type: "text", text: "let me look" },
        { type: "tool_use", id: "call-1", name: "get_weather", input: { city: "Paris" } },
      ],
    });
  });

  it("should hand the model the conversation's tool calls, results and media in its prompt", async () => {
    let prompt: CallOptions["prompt"] = [];
    const { onSampling } = aiSdkSampling({
      model: scriptedModel([
        (options) => {
          prompt = options.prompt;
          return [text("it is sunny")];
        },
      ]),
    });
    const result = await onSampling(
      request({
        tools: [{ name: "get_weather", inputSchema: { type: "object" } }],
        messages: [
          { role: "user", content: { type: "text", text: "weather?" } },
          { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "get_weather", input: {} }] },
          {
            role: "user",
            content: [
              { type: "tool_result", toolUseId: "c1", content: [{ type: "text", text: "sunny" }] },
              { type: "image", data: tinyPngBase64, mimeType: "image/png" },
            ],
          },
        ],
      }),
      context(),
    );
    expect(prompt).toMatchObject([
      { role: "user", content: [{ type: "text", text: "weather?" }] },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "get_weather", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "get_weather",
            output: { type: "text", value: "sunny" },
          },
        ],
      },
      { role: "user", content: [{ type: "file", mediaType: "image/png" }] },
    ]);
    expect(result).toMatchObject({ stopReason: "endTurn", content: [{ type: "text", text: "it is sunny" }] });
  });

  it("should refuse a request with tools when tools are off, without calling the model", async () => {
    const { onSampling, sampling } = aiSdkSampling({ model: scriptedModel([]), tools: false });
    expect(sampling).toEqual({ tools: false });
    const tools = [{ name: "t", inputSchema: { type: "object" as const } }];
    await expect(onSampling(request({ tools }), context())).rejects.toThrow(/tools are off/);
  });

  it("should reject as soon as the server cancels the request, even if the model ignores its signal", async () => {
    const controller = new AbortController();
    const { onSampling } = aiSdkSampling({
      model: scriptedModel([
        () => {
          controller.abort(new Error("cancelled by the server"));
          return new Promise((resolve) => setTimeout(() => resolve([text("late")]), 50));
        },
      ]),
    });
    await expect(onSampling(request(), context(controller.signal))).rejects.toThrow(
      "cancelled by the server",
    );
  });

  it("should reject a missing model as an option error", () => {
    let error: unknown;
    try {
      aiSdkSampling({} as never);
    } catch (caught) {
      error = caught;
    }
    expect(isMcpCoreError(error) && error.code).toBe("OPTIONS_INVALID");
    expect(String(error)).toContain('"model"');
  });
});
