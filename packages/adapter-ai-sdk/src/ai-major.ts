/**
 * Everything that differs between the `ai` majors this adapter supports (6 and 7), in one place;
 * the rest of the adapter is written against what both have.
 *
 * What differs, for what the adapter uses (read from `ai` 7.0.173's types and changelog, and
 * measured by running the suite on both):
 * - Media in a tool result: ai 7 deprecates the `image-data` / `file-data` content parts (it logs a
 *   deprecation warning for each) in favour of `{ type: "file", mediaType, data: { type: "data",
 *   data } }`, which ai 6 does not know. {@link toolResultMediaPart} picks the form per major.
 * - The error text the model receives for a thrown tool error: ai 6 sends `error.message`, ai 7
 *   `error.toString()` (`"<name>: <message>"`). `McpToolCallError` overrides `toString()` so both
 *   send the server's own text.
 * - The system prompt of a call: ai 7 names it `instructions` (`system` stays as a deprecated
 *   alias), a name ai 6 does not know. {@link systemPromptOption} picks the name per major.
 * The same on both (so not here): `dynamicTool`, `jsonSchema`, `ToolSet`, `toModelOutput`,
 * `stepCountIs` (ai 7 keeps it as an alias of `isStepCount`), message parts (`text`, `file` with
 * base64 data), and a v3 model spec still accepted by ai 7.
 * @module
 */
import type { AdapterContentPart } from "@toolnexus/mcp-core/adapter";
import * as ai from "ai";
import type { AiSdkContentPart } from "./output-types.js";

type MediaPart = Exclude<AdapterContentPart, { type: "text" }>;

/**
 * The major of the `ai` package this adapter runs against: 7 when it exports `isStepCount` (the
 * name ai 7 gave `stepCountIs`; ai 6 has only the old one), else 6.
 */
export const AI_MAJOR: 6 | 7 = "isStepCount" in ai ? 7 : 6;

/**
 * A media part (base64 image, audio or file) as a tool-result content part: on ai 6 `image-data`
 * for an image and `file-data` otherwise (ai 6 has no audio part), on ai 7 its `file` part with
 * tagged data.
 */
export function toolResultMediaPart(part: MediaPart): AiSdkContentPart {
  const { data, mimeType: mediaType } = part;
  if (AI_MAJOR === 7) {
    // ai 7's form, which the ai 6 types this package compiles against do not have.
    return { type: "file", mediaType, data: { type: "data", data } } as unknown as AiSdkContentPart;
  }
  return part.type === "image"
    ? { type: "image-data", data, mediaType }
    : { type: "file-data", data, mediaType };
}

/**
 * A system prompt as `generateText` options: `{ instructions }` on ai 7, `{ system }` on ai 6;
 * `{}` for none. Typed as ai 6's option, which the package compiles against.
 */
export function systemPromptOption(text: string | undefined): { system?: string } {
  if (text === undefined || text === "") return {};
  // ai 7's name, which the ai 6 types this package compiles against do not have.
  return AI_MAJOR === 7 ? ({ instructions: text } as { system?: string }) : { system: text };
}
