/**
 * Where a preview of a long text may end: the head of the text, cut where no character, surrogate
 * pair, combining sequence or backslash escape is split (a model reading `\u00` or half an emoji
 * reads garbage, and a JSON reader refuses it), at a line break when one is near.
 * @module
 */

const BACKSLASH = 0x5c;
/** A line break within this share of the end of the preview is preferred to a cut mid-line. */
const LINE_SLACK = 0.2;
/** A mark or joiner that belongs to the character before it (a cut before it splits a grapheme). */
const JOINS_PREVIOUS = /^(?:\p{M}|\u200d|[\ufe00-\ufe0f])/u;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The start of a backslash escape (`\n`, `\"`, `\uXXXX`) that runs past `at`, if any. */
function escapeRunningPast(text: string, at: number): number | undefined {
  for (let i = at - 1; i >= 0 && i >= at - 6; i--) {
    if (text.charCodeAt(i) !== BACKSLASH) continue;
    let run = 1;
    while (i - run >= 0 && text.charCodeAt(i - run) === BACKSLASH) run++;
    // An even run ending here: this backslash is the second half of `\\`, a whole escape.
    if (run % 2 === 0) continue;
    const length = text[i + 1] === "u" ? 6 : 2;
    return i + length > at ? i : undefined;
  }
  return undefined;
}

/** True when the six code units before `at` are a `\uD800`–`\uDBFF` escape (half of an escaped pair). */
function endsInEscapedHighSurrogate(text: string, at: number): boolean {
  if (at < 6 || text.charCodeAt(at - 6) !== BACKSLASH || text[at - 5] !== "u") return false;
  const code = Number.parseInt(text.slice(at - 4, at), 16);
  return isHighSurrogate(code) && text.slice(at, at + 2) === "\\u";
}

/**
 * The largest index ≤ `index` at which `text` may be cut: not between the halves of a surrogate
 * pair (raw or escaped), not before a combining mark, joiner or variation selector, not inside a
 * backslash escape.
 */
export function safeCutIndex(text: string, index: number): number {
  let at = Math.max(0, Math.min(Math.floor(index), text.length));
  for (let moved = true; moved && at > 0 && at < text.length; ) {
    moved = false;
    if (isHighSurrogate(text.charCodeAt(at - 1)) || JOINS_PREVIOUS.test(text.slice(at, at + 1))) {
      at -= 1;
      moved = true;
      continue;
    }
    const escapeStart = escapeRunningPast(text, at);
    if (escapeStart !== undefined) {
      at = escapeStart;
      moved = true;
    } else if (endsInEscapedHighSurrogate(text, at)) {
      at -= 6;
      moved = true;
    }
  }
  return at;
}

/**
 * The head of `text` in at most `maxChars` code units, cut by {@link safeCutIndex}, and at the last
 * line break when one lies in the last fifth of it.
 */
export function headPreview(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = safeCutIndex(text, maxChars);
  const lineEnd = text.lastIndexOf("\n", cut - 1);
  const end = lineEnd >= 0 && lineEnd + 1 >= cut * (1 - LINE_SLACK) ? lineEnd + 1 : cut;
  return text.slice(0, end);
}
