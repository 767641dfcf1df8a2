/**
 * Glob patterns on tool names (`*` any run of characters, `?` one character), shared by the
 * config's `tools.include` / `tools.exclude` (raw names) and the adapters' approval lists
 * (model-facing names).
 * @module
 */

/** A pattern as an anchored regular expression; every other character matches itself. */
function globRegExp(pattern: string): RegExp {
  const source = [...pattern]
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[\\^$.|+()[\]{}]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`, "s");
}

/** A test that is true when a name matches any of the patterns (none matches nothing). */
export function globMatcher(patterns: readonly string[]): (name: string) => boolean {
  const expressions = patterns.map(globRegExp);
  return (name) => expressions.some((expression) => expression.test(name));
}
