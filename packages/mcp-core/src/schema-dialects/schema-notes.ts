/**
 * What a dialect cannot say in a schema, said in its description instead: `maxLength: 20`,
 * `format: uri`, `one of: 1, 2, 3`. Each note is bounded, so a hostile keyword cannot grow the
 * description past a few hundred characters a schema.
 * @module
 */
import { boundedText } from "../bounded-text.js";

/** Characters of one keyword's value in a note. */
const NOTE_VALUE_CHARS = 160;
/** Notes written on one schema; the rest are counted. */
const MAX_NOTES = 8;

/** A keyword and its value as one short note (`maxLength: 20`). */
export function keywordNote(keyword: string, value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    // A value too deep to stringify (a hostile schema) is named, not written.
    text = "…";
  }
  return `${boundedText(keyword, 64)}: ${boundedText(text, NOTE_VALUE_CHARS)}`;
}

/** `description` with the notes after it, in parentheses; `undefined` when there is neither. */
export function describeWithNotes(
  description: string | undefined,
  notes: readonly string[],
): string | undefined {
  if (notes.length === 0) return description;
  const shown = notes.slice(0, MAX_NOTES).join("; ");
  const more = notes.length > MAX_NOTES ? `; ${notes.length - MAX_NOTES} more` : "";
  return description ? `${description} (${shown}${more})` : `(${shown}${more})`;
}
