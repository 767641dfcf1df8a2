/**
 * Whether LangChain's JSON Schema validator can resolve every `$ref` of a tool's input schema.
 * @module
 */

/** Follows a local JSON pointer (`#`, `#/a/b`, with `~0`/`~1` escapes) from the root. */
function resolvePointer(root: unknown, ref: string): boolean {
  if (ref === "#") return true;
  if (!ref.startsWith("#/")) return false;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * True when every `$ref` in `schema` is a local pointer that resolves inside it. Anything else
 * (a remote URL, an `$id`-relative or a dangling reference) makes `@cfworker/json-schema`, which
 * LangChain validates tool input with, throw at call time — the adapter then leaves input
 * validation to the MCP server instead. False negatives only cost that local pre-check.
 */
export function refsResolveLocally(schema: unknown): boolean {
  const pending: unknown[] = [schema];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    const ref = (node as { $ref?: unknown }).$ref;
    if (ref !== undefined && (typeof ref !== "string" || !resolvePointer(schema, ref))) return false;
    for (const child of Object.values(node)) pending.push(child);
  }
  return true;
}
