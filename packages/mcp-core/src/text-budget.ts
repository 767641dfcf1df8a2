/**
 * What a server's own text may put in the model's context: a tool's description and the server's
 * instructions are cut at a bound in characters, with a note saying so. This is the one place the
 * cut is made: the tool wrapper projects `description` through it, and `instructionsPrompt` the
 * instructions; the host keeps the whole text (`McpTool.fullDescription`, the snapshot's
 * `instructions`).
 * @module
 */
import { ownCopy } from "./bounded-text.js";

/**
 * The default bound on a tool description the model sees, in characters (UTF-16 code units): the
 * cap Claude Code applies to MCP tool descriptions and server instructions. Almost every real
 * description is far shorter; the few that are not (whole manuals in a tool's description) cost
 * their server's every tool definition on every request.
 */
export const DEFAULT_MAX_DESCRIPTION_CHARS = 2048;
/** The default bound on one server's instructions in `instructionsPrompt`, in characters. */
export const DEFAULT_MAX_INSTRUCTIONS_CHARS = 2048;
/** The smallest bound accepted: the note alone takes up to about 80 characters. */
export const MIN_TEXT_BUDGET_CHARS = 128;

/** What was cut: a tool's description or a server's instructions. */
export type BudgetedText = "description" | "instructions";

/** The note a cut text ends with (on a line of its own). */
export function budgetNote(what: BudgetedText, shownChars: number, totalChars: number): string {
  return `[${what} truncated: ${shownChars} of ${totalChars} characters shown]`;
}

/** A text as the model sees it, and whether it was cut. */
export interface BudgetedTextResult {
  /** The text itself when it fits; else its head, a newline and {@link budgetNote}. */
  text: string;
  /** Characters of the original kept, when it was cut (absent when the text fits). */
  shownChars?: number;
}

/**
 * `text` bounded at `maxChars` characters, the note included: a text that fits is returned as it is;
 * a longer one keeps its head (never ending inside a surrogate pair; trailing white space dropped),
 * then a newline and the note naming how much was shown of how much. The head is a copy of its own
 * (`ownCopy`), so the whole text is not kept alive behind it by the cut.
 * @param maxChars an integer ≥ {@link MIN_TEXT_BUDGET_CHARS}
 */
export function budgetText(text: string, maxChars: number, what: BudgetedText): BudgetedTextResult {
  if (text.length <= maxChars) return { text };
  // The note's length with the largest number it can carry: the head gets what is left.
  const room = maxChars - budgetNote(what, maxChars, text.length).length - 1;
  let end = Math.max(0, room);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  const head = ownCopy(text.slice(0, end).trimEnd());
  return { text: `${head}\n${budgetNote(what, head.length, text.length)}`, shownChars: head.length };
}
