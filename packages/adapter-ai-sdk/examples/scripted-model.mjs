// A no-network stand-in for a real model: `MockLanguageModelV3` from `ai/test` playing a script,
// one function per step. Swap it for e.g. `openai("gpt-5")` in real code; nothing else changes.
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A tool call the scripted model makes. */
export const callTool = (toolName, input = {}) => ({
  type: "tool-call",
  toolCallId: `call-${toolName}-${Math.random().toString(36).slice(2, 8)}`,
  toolName,
  input: JSON.stringify(input),
});

/** A text answer of the scripted model. */
export const say = (text) => ({ type: "text", text });

const finishReason = (content) => ({
  unified: content.some((part) => part.type === "tool-call") ? "tool-calls" : "stop",
  raw: undefined,
});

function streamParts(content) {
  const parts = [{ type: "stream-start", warnings: [] }];
  for (const [i, part] of content.entries()) {
    if (part.type !== "text") {
      parts.push(part);
      continue;
    }
    const id = `t${i}`;
    parts.push(
      { type: "text-start", id },
      { type: "text-delta", id, delta: part.text },
      { type: "text-end", id },
    );
  }
  parts.push({ type: "finish", finishReason: finishReason(content), usage });
  return parts;
}

/**
 * @param {Array<(options: any) => any[] | Promise<any[]>>} script  step n returns the model's content
 */
export function scriptedModel(script) {
  let step = 0;
  const next = async (options) => {
    const play = script[step++];
    if (!play) throw new Error(`the script has no step ${step}`);
    return play(options);
  };
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const content = await next(options);
      return { content, finishReason: finishReason(content), usage, warnings: [] };
    },
    doStream: async (options) => ({ stream: convertArrayToReadableStream(streamParts(await next(options))) }),
  });
}
