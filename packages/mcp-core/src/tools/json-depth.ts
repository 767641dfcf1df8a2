/**
 * Bounds on how deeply a tool definition or a tool result may nest, checked (and cut) without
 * recursion: a server can send JSON nested far deeper than any recursive walk (canonical JSON,
 * `JSON.stringify`, schema converters, a provider's serializer) survives, and `JSON.parse` reads it
 * without complaint.
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

/** Levels of nested objects and arrays a part of a tool result may have (the part itself is 1). */
export const MAX_RESULT_DEPTH = 256;

/** What stands where a value was cut for nesting deeper than `maxDepth`. */
export function depthNote(maxDepth: number): string {
  return `[cut: nests deeper than ${maxDepth} levels]`;
}

/**
 * `value` with every object or array below level `maxDepth` replaced by {@link depthNote}: a copy
 * down to the cuts, built without recursion. A value within the bound comes back as it was.
 */
export function cutDeeperThan(value: unknown, maxDepth: number): unknown {
  if (!nestsDeeperThan(value, maxDepth)) return value;
  const note = depthNote(maxDepth);
  const copyOf = (node: object): Record<string, unknown> | unknown[] => (Array.isArray(node) ? [] : {});
  const root = copyOf(value as object);
  const pending: Array<{ from: object; to: Record<string, unknown>; depth: number }> = [
    { from: value as object, to: root as Record<string, unknown>, depth: 1 },
  ];
  // Defined, not assigned: a key named `__proto__` stays a key, as JSON.parse made it.
  const put = (to: object, key: string, child: unknown) =>
    Object.defineProperty(to, key, { value: child, enumerable: true, writable: true, configurable: true });
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const [key, child] of Object.entries(next.from)) {
      if (typeof child !== "object" || child === null) {
        put(next.to, key, child);
      } else if (next.depth >= maxDepth) {
        put(next.to, key, note);
      } else {
        const copy = copyOf(child);
        put(next.to, key, copy);
        pending.push({ from: child, to: copy as Record<string, unknown>, depth: next.depth + 1 });
      }
    }
  }
  return root;
}
