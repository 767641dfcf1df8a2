/**
 * Text for a terminal: what a server, an authorization server or a config chose is escaped, so no
 * control character reaches the terminal raw.
 * @module
 */

/**
 * C0 controls but newline and tab, DEL, and C1 controls: what moves the cursor, clears the screen,
 * sets the window title (OSC), plants a link or starts an 8-bit CSI.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Escapes every control character but `\n` and `\t` as `\u001b` (a CRLF becomes a newline). The
 * form is JSON's own, so text escaped inside a JSON string stays valid JSON with the same value.
 * The one function every line the CLI writes goes through.
 */
export function escapeControls(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Text for one line: line breaks and tabs become spaces, runs of spaces one, other controls escaped. */
export function oneLine(text: string): string {
  return escapeControls(text.replace(/[\r\n\t\v\f]+/g, " "))
    .replace(/ {2,}/g, " ")
    .trim();
}

/** The columns `text` takes (one per code point). */
export function columnsOf(text: string): number {
  return [...text].length;
}
