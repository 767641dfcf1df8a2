/**
 * The invisible characters kept out of the text a model reads (SPEC "Pins and drift", hidden
 * text): a table of code point ranges, tested per code point — no regular expression, so nothing
 * can backtrack whatever a server sends.
 * @module
 */

/**
 * Inclusive code point ranges, sorted: C0 controls but tab, line feed and carriage return; DEL and
 * C1 controls; soft hyphen; combining grapheme joiner; Arabic letter mark; Hangul fillers; Khmer
 * inherent vowels; Mongolian vowel separator; zero-width space, non-joiner and joiner; left-to-right
 * and right-to-left marks; bidi embeddings and overrides; word joiner, invisible operators,
 * bidi isolates and the deprecated format characters; Hangul filler; variation selectors;
 * zero-width no-break space (BOM); halfwidth Hangul filler; interlinear annotation characters;
 * shorthand format controls; musical symbol format characters; Unicode tags; variation selectors
 * supplement.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x0008],
  [0x000b, 0x000c],
  [0x000e, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** Whether code point `cp` is in {@link INVISIBLE_RANGES} (a binary search). */
export function isInvisible(cp: number): boolean {
  let low = 0;
  let high = INVISIBLE_RANGES.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    // Indexed, not destructured: this runs per non-ASCII code point of every tool text at load.
    const range = INVISIBLE_RANGES[mid] as readonly [number, number];
    if (cp < range[0]) high = mid - 1;
    else if (cp > range[1]) low = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Whether `text` is printable ASCII, tab and line breaks only (no invisible character): one
 * comparison per code unit and nothing made, the common case of a tool's texts.
 */
export function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 || c > 0x7e) && c !== 0x09 && c !== 0x0a && c !== 0x0d) return false;
  }
  return true;
}

/**
 * `text` without its invisible characters, and how many there were. Printable ASCII, tab and line
 * breaks are skipped at one comparison each, so a plain description costs one pass and no copy; a
 * text with nothing to remove is never copied.
 */
export function withoutInvisible(text: string): { text: string; removed: number } {
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 || c > 0x7e) && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
  }
  if (i === text.length) return { text, removed: 0 };
  // Past the ASCII prefix, look for an invisible character before copying anything: most such
  // texts (an accent, a dash, an arrow) have none, and a copy built a character at a time was
  // garbage for every one of them. The walk is by code point, as the copy's below.
  for (; i < text.length; i++) {
    const cp = text.codePointAt(i) as number;
    if (isInvisible(cp)) break;
    if (cp > 0xffff) i++;
  }
  if (i >= text.length) return { text, removed: 0 };
  let kept = text.slice(0, i);
  let removed = 0;
  for (const char of text.slice(i)) {
    if (isInvisible(char.codePointAt(0) as number)) removed++;
    else kept += char;
  }
  return removed === 0 ? { text, removed: 0 } : { text: kept, removed };
}
