/**
 * The AI SDK's tool-result output types, named once: both the majors' differences (`ai-major.ts`)
 * and the output mapping (`model-output.ts`) build on them.
 * @module
 */
import type { ToolResultPart } from "ai";

/** The AI SDK's `ToolResultOutput` (what `toModelOutput` returns). */
export type AiSdkToolResultOutput = ToolResultPart["output"];

/** One part of a `{ type: "content" }` tool-result output. */
export type AiSdkContentPart = Extract<AiSdkToolResultOutput, { type: "content" }>["value"][number];
