/**
 * Text for a terminal: what a server, an authorization server or a config chose is escaped (no
 * control character reaches the terminal raw), and long text is wrapped, never cut.
 * @module
 */

/**
 * C0 controls but newline and tab, DEL, and C1 controls: what moves the cursor, clears the screen,
 * sets the window title (OSC), plants a link or starts an 8-bit CSI. Also the bidirectional
 * formatting, zero-width and other invisible characters (soft hyphen, word joiner, variation
 * selectors, Unicode tags), which reorder or hide what a line shows (a URL printed for a person to
 * check must read as what is opened; a tool description must show its hidden payload).
 */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each selector on its own is escaped, by design
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/** `\uXXXX` for each UTF-16 unit of `c` (a character beyond U+FFFF is its surrogate pair): JSON's form. */
const escaped = (c: string) =>
  [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`).join("");

/**
 * Escapes every control character but `\n` and `\t`, and every bidi or zero-width one, as `\u001b`
 * (a CRLF becomes a newline). The form is JSON's own, so text escaped inside a JSON string stays
 * valid JSON with the same value.
 * The one function every line the CLI writes goes through.
 */
export function escapeControls(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(CONTROL, escaped);
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

/** How {@link wrap} treats a word longer than a whole line. */
export interface WrapOptions {
  /**
   * Keep such a word whole on its own line (wider than `width`) instead of breaking it: for help
   * text and tool descriptions, where a final tool name must never be cut.
   * @default false
   */
  keepLongWords?: boolean;
}

/**
 * Word-wraps `text` (made one line) to `width` columns: the first line starts with `first`, the
 * others with `rest`. A word longer than a whole line is broken, so no line is wider than `width`,
 * unless `keepLongWords`.
 */
export function wrap(
  text: string,
  width: number,
  first = "",
  rest = first,
  options: WrapOptions = {},
): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  const push = () => {
    lines.push(line.trimEnd());
    line = rest;
    empty = true;
  };
  for (const word of oneLine(text).split(" ")) {
    let chars = [...word];
    while (chars.length > 0) {
      const room = width - columnsOf(line) - (empty ? 0 : 1);
      if (chars.length <= room) {
        line += (empty ? "" : " ") + chars.join("");
        empty = false;
        break;
      }
      if (!empty) {
        push(); // the word starts the next line
        continue;
      }
      if (options.keepLongWords) {
        line += chars.join("");
        empty = false;
        break;
      }
      // A word no line can hold (a long path, a URL) is broken where the line ends.
      const take = Math.max(1, room);
      line += chars.slice(0, take).join("");
      chars = chars.slice(take);
      push();
    }
  }
  if (!empty || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/**
 * The cause in an error message: the message before the stderr tail the core appends
 * (`\nstderr:\n…`, shown on its own with `--verbose`), as one line.
 */
export function causeOf(message: string | undefined): string {
  if (message === undefined) return "";
  const tail = message.indexOf("\nstderr:\n");
  return oneLine(tail === -1 ? message : message.slice(0, tail));
}
