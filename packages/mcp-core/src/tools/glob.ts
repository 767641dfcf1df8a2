/**
 * Glob patterns on tool names (`*` any run of characters, `?` one character), shared by the
 * config's `tools.include` / `tools.exclude` (raw names) and the adapters' approval lists
 * (model-facing names).
 *
 * Matched by hand, not by a regular expression: the names are the server's, and `^.*a.*a.*a.*b$`
 * backtracks in the name's length to the power of the stars (`*a*a*a*b` on a 1 000-character name
 * froze the host for two minutes). Here each `*`-separated part is placed leftmost in turn, which
 * is exact for globs: at most the name's length times the pattern's.
 * @module
 */

/** Whether `part` (`?` = any one code unit) matches `name` at `at`. */
function partAt(name: string, at: number, part: string): boolean {
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (code !== 63 && code !== name.charCodeAt(at + i)) return false; // 63: "?"
  }
  return true;
}

/** A test for one pattern. */
function globTest(pattern: string): (name: string) => boolean {
  const parts = pattern.split("*");
  const first = parts[0] ?? "";
  if (parts.length === 1) return (name) => name.length === first.length && partAt(name, 0, first);
  const last = parts[parts.length - 1] ?? "";
  const middle = parts.slice(1, -1);
  const fixed = parts.reduce((sum, part) => sum + part.length, 0);
  return (name) => {
    if (name.length < fixed || !partAt(name, 0, first)) return false;
    const lastAt = name.length - last.length;
    if (!partAt(name, lastAt, last)) return false;
    let at = first.length;
    for (const part of middle) {
      // Leftmost is best: it leaves the most room for the parts after it.
      while (at + part.length <= lastAt && !partAt(name, at, part)) at++;
      if (at + part.length > lastAt) return false;
      at += part.length;
    }
    return true;
  };
}

/** A test that is true when a name matches any of the patterns (none matches nothing). */
export function globMatcher(patterns: readonly string[]): (name: string) => boolean {
  const tests = patterns.map(globTest);
  return (name) => tests.some((test) => test(name));
}
