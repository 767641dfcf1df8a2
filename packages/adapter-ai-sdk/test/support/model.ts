/**
 * A scripted mock model: step n runs `script[n]`, which returns the model's content. On `ai` 7 it is
 * ai 7's own `MockLanguageModelV4` (what an ai 7 provider implements: the prompt it receives is in
 * the v4 spec), on ai 6 `MockLanguageModelV3`; both take the same script.
 */
import * as aiTest from "ai/test";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";

// The v4 class has the v3 constructor and call shapes this helper uses; ai 6's types lack it.
const MockModel: typeof MockLanguageModelV3 =
  "MockLanguageModelV4" in aiTest
    ? (aiTest.MockLanguageModelV4 as unknown as typeof MockLanguageModelV3)
    : MockLanguageModelV3;

type DoGenerate = MockLanguageModelV3["doGenerate"];
/** What the SDK passes to the model for one step (tools, prompt, abortSignal, ...). */
export type CallOptions = Parameters<DoGenerate>[0];
type GenerateResult = Awaited<ReturnType<DoGenerate>>;
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;
/** The model's content for one step. */
export type Content = GenerateResult["content"];
/** One scripted step. */
export type Step = (options: CallOptions) => Content | Promise<Content>;

const usage: GenerateResult["usage"] = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A tool-call content part (`input` is JSON-encoded as the spec requires). */
export function toolCall(
  toolName: string,
  input: unknown = {},
  toolCallId = `call-${toolName}`,
): Content[number] {
  return { type: "tool-call", toolCallId, toolName, input: JSON.stringify(input) };
}

/** A text content part. */
export function text(value: string): Content[number] {
  return { type: "text", text: value };
}

function finishReason(content: Content): GenerateResult["finishReason"] {
  return {
    unified: content.some((part) => part.type === "tool-call") ? "tool-calls" : "stop",
    raw: undefined,
  };
}

/** One step's content as the stream parts a streaming provider would send. */
function toStreamParts(content: Content): StreamPart[] {
  const parts: StreamPart[] = [{ type: "stream-start", warnings: [] }];
  content.forEach((part, i) => {
    if (part.type === "text") {
      const id = `text-${i}`;
      parts.push(
        { type: "text-start", id },
        { type: "text-delta", id, delta: part.text },
        { type: "text-end", id },
      );
    } else {
      parts.push(part as StreamPart);
    }
  });
  parts.push({ type: "finish", finishReason: finishReason(content), usage });
  return parts;
}

/**
 * A model that plays `script` one step per call (`doGenerate` for generateText, `doStream` for
 * streamText); a call past the end fails the run.
 */
export function scriptedModel(script: Step[]): MockLanguageModelV3 {
  let step = 0;
  const next = async (options: CallOptions): Promise<Content> => {
    const play = script[step++];
    if (!play) throw new Error(`the scripted model has no step ${step}`);
    return play(options);
  };
  return new MockModel({
    doGenerate: async (options) => {
      const content = await next(options);
      return { content, finishReason: finishReason(content), usage, warnings: [] };
    },
    doStream: async (options) => ({
      stream: convertArrayToReadableStream(toStreamParts(await next(options))),
    }),
  });
}

/** The names of the tools the SDK offered the model in one step. */
export function offeredTools(options: CallOptions): string[] {
  return (options.tools ?? []).map((tool) => tool.name);
}

/** The tool-result outputs the model received in its prompt, by tool call id. */
export function toolOutputsInPrompt(options: CallOptions): Map<string, unknown> {
  const outputs = new Map<string, unknown>();
  for (const message of options.prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content)
      if (part.type === "tool-result") outputs.set(part.toolCallId, part.output);
  }
  return outputs;
}
