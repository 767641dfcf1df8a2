/**
 * A bound on how deeply a tool definition may nest, checked without recursion: a server can send
 * JSON nested far deeper than any recursive walk (canonical JSON, schema converters, a provider's
 * serializer) survives, and `JSON.parse` reads it without complaint.
 * @module
 */

/** Levels of nested objects and arrays a tool definition may have (the definition itself is 1). */
export const MAX_TOOL_DEPTH = 256;

/** True when `value` nests objects and arrays more than `maxDepth` levels deep. */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  // A value from JSON.parse is a tree; one handed in by a custom store may share or cycle.
  const seen = new Set<object>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const current = next.value;
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    if (next.depth > maxDepth) return true;
    seen.add(current);
    for (const child of Object.values(current)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
