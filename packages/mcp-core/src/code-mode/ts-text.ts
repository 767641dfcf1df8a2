/**
 * Text pieces of generated TypeScript that carry names and descriptions a server chose: a property
 * key (bare when it is a plain identifier, else a JSON string — lossless, so two raw names can never
 * collide) and a JSDoc block that no description can close early.
 * @module
 */

/** Words a bare property key may be, but that readers trip over; quoted to keep the text plain. */
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

/** Longest description kept in a JSDoc block, in UTF-16 code units; the rest is cut with "…". */
export const MAX_DOC_CHARS = 1_000;

/** A property key: `name` when it is an ASCII identifier, else `"…"` (JSON escaping). */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !RESERVED.has(name) ? name : JSON.stringify(name);
}

/**
 * A JSDoc block at `indent`, or nothing for an empty text. `*​/` cannot end the block early (the
 * slash is escaped), line breaks of every kind become new ` * ` lines, other control characters
 * are dropped, and the text is cut at {@link MAX_DOC_CHARS}.
 */
export function docBlock(text: string | undefined, indent: string): string[] {
  if (text === undefined) return [];
  let body = text.length > MAX_DOC_CHARS ? `${text.slice(0, MAX_DOC_CHARS)}…` : text;
  body = body
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/\*\//g, "*\\/")
    .trim();
  if (body === "") return [];
  const lines = body.split("\n").map((line) => line.trimEnd());
  // One line stays one line: every character of the text goes into the model's prompt.
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [
    `${indent}/**`,
    ...lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)),
    `${indent} */`,
  ];
}
