/**
 * Cutting server text to a byte budget, and the marker every cut carries: the resource tools and
 * tool results (`maxResultBytes`) say `[truncated: N of M bytes shown]` the same way.
 * @module
 */

/** The marker a cut item, listing or result ends with. */
export function truncationMarker(shownBytes: number, totalBytes: number): string {
  return `[truncated: ${shownBytes} of ${totalBytes} bytes shown]`;
}

/**
 * UTF-8 bytes of the code point whose first UTF-16 unit is at `i` of `text`, and its units; a lone
 * surrogate counts as U+FFFD (3 bytes), as `TextEncoder` writes it.
 */
function codePointSize(text: string, i: number): { bytes: number; units: number } {
  const unit = text.charCodeAt(i);
  if (unit < 0x80) return { bytes: 1, units: 1 };
  if (unit < 0x800) return { bytes: 2, units: 1 };
  if (unit >= 0xd800 && unit < 0xdc00) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next < 0xe000) return { bytes: 4, units: 2 };
  }
  return { bytes: 3, units: 1 };
}

/** The length of `text` in UTF-8, counted without encoding it (results may be tens of MiB). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const size = codePointSize(text, i);
    bytes += size.bytes;
    i += size.units;
  }
  return bytes;
}

/** A text cut to a byte budget: the part kept, its UTF-8 bytes and the whole text's. */
export interface CutText {
  text: string;
  bytes: number;
  total: number;
}

/** `text` cut to at most `maxBytes` of UTF-8, never inside a character, and its full size. */
export function cutText(text: string, maxBytes: number): CutText {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const size = codePointSize(text, i);
    if (bytes + size.bytes > maxBytes) break;
    bytes += size.bytes;
    i += size.units;
  }
  if (i === text.length) return { text, bytes, total: bytes };
  return { text: text.slice(0, i), bytes, total: bytes + utf8ByteLength(text.slice(i)) };
}
