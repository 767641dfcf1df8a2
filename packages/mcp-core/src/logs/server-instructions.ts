/**
 * A server's `instructions` (the 2025 era's initialize result, the modern era's `server/discover`
 * result): text a host may put in a system prompt, so it is bounded like any server text.
 * @module
 */
import { boundedText } from "../bounded-text.js";

/** The most characters of a server's instructions kept (the rest is cut, ending with `…`). */
export const MAX_INSTRUCTIONS_CHARS = 16 * 1024;

/** The instructions when they are a non-blank string, bounded; otherwise undefined. */
export function boundedInstructions(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return boundedText(value, MAX_INSTRUCTIONS_CHARS);
}
