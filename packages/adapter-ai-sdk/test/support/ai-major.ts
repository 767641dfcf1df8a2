/**
 * Which `ai` major the suite runs against, told apart independently of `src/ai-major.ts` (by what
 * `ai/test` exports: ai 7 adds `MockLanguageModelV4`), and what differs in the expected values.
 * scripts/ai-major/run.sh runs this suite with ai 7 and sets EXPECTED_AI_MAJOR=7.
 */
import type { ModelMessage } from "ai";
import * as aiTest from "ai/test";

/** The `ai` major in use. */
export const testedAiMajor: 6 | 7 = "MockLanguageModelV4" in aiTest ? 7 : 6;

/** The major the run was meant to use (EXPECTED_AI_MAJOR, default 6: the workspace's `ai`). */
export const expectedAiMajor = Number(process.env.EXPECTED_AI_MAJOR ?? "6");

/**
 * The tool-result content part of base64 media, as the model receives it: ai 6 `image-data` for an
 * image and `file-data` otherwise; ai 7 `file` with tagged data.
 */
export function mediaOutputPart(kind: "image" | "file", data: unknown, mediaType: string): unknown {
  if (testedAiMajor === 7) return { type: "file", mediaType, data: { type: "data", data } };
  return { type: kind === "image" ? "image-data" : "file-data", data, mediaType };
}

/**
 * Every message a `generateText` run added, to resume the conversation from: ai 7 has them as
 * `responseMessages` (its `response.messages` holds only the last step's), ai 6 as `response.messages`.
 */
export function runMessages(result: { response: { messages: ModelMessage[] } }): ModelMessage[] {
  return (result as { responseMessages?: ModelMessage[] }).responseMessages ?? result.response.messages;
}
