/**
 * Server-chosen text as a message may quote it: bounded, and with every character that changes how
 * the text around it reads spelled out. Kept free of the MCP client so that the modules which quote
 * server text (task records, config warnings) do not load it at import.
 * @module
 */

/** The most characters of server-chosen text a message quotes. */
const MAX_SHOWN_CHARS = 300;

/**
 * Unicode that changes how the text around it reads: C0 and C1 controls, DEL, and the bidi and
 * zero-width format characters (a description can reorder or hide the rest of a warning).
 */
const isHidden = (code: number) =>
  code < 32 ||
  (code >= 127 && code < 160) ||
  code === 0x061c ||
  (code >= 0x200b && code <= 0x200f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  code === 0xfeff;

/**
 * `text` as a message may quote it: at most `maxChars` characters, cut at a whitespace so that no
 * token-shaped secret in it is cut in half (the core's redactor runs after this and matches whole
 * values), with `…` where it was cut; then every hidden character spelled `\uXXXX`.
 */
export function shownText(text: string, maxChars = MAX_SHOWN_CHARS): string {
  let shown = text;
  if (text.length > maxChars) {
    let cut = maxChars;
    while (cut > 0 && !/\s/.test(text.charAt(cut))) cut--;
    shown = `${text.slice(0, cut)}…`;
  }
  let out = "";
  for (let i = 0; i < shown.length; i++) {
    const code = shown.charCodeAt(i);
    out += isHidden(code) ? `\\u${code.toString(16).padStart(4, "0")}` : shown.charAt(i);
  }
  return out;
}
