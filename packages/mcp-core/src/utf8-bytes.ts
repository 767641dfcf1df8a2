/**
 * UTF-8 sizes of text counted without encoding it: what every byte budget (tool results, resource
 * contents, sampling requests) measures with.
 * @module
 */

/**
 * UTF-8 bytes of the code point whose first UTF-16 unit is at `i` of `text`, and its units; a lone
 * surrogate counts as U+FFFD (3 bytes), as `TextEncoder` writes it.
 */
export function codePointSize(text: string, i: number): { bytes: number; units: number } {
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
