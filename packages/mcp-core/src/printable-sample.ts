/**
 * A short, escaped sample of untrusted output for a message: what a stdio line, a server's stray
 * stdout or a host handler's failure quotes.
 * @module
 */

/** Up to `maxChars` of untrusted output, control characters escaped, `…` when cut. */
export function printableSample(text: string, maxChars = 200): string {
  const cut = text.length > maxChars;
  const shown = cut ? text.slice(0, maxChars) : text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
  const escaped = shown.replace(/[\u0000-\u001f\u007f]/g, (c) => {
    const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    return named[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
  return cut ? `${escaped}…` : escaped;
}
