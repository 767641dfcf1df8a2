/**
 * Same-document references (`#`, `#/$defs/x`) followed by hand: never a network fetch (SEP-2106),
 * no regular expression, linear in the reference's length.
 * @module
 */

/** A `$ref` that points inside the schema itself (a JSON pointer fragment). */
export function isLocalRef(ref: string): boolean {
  return ref === "#" || ref.startsWith("#/");
}

function unescapeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all: the token is read as written.
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * The value `ref` points at inside `root`, or `undefined` when it points nowhere (or is not a
 * local pointer: an anchor, another document). Only own keys are followed.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(2).split("/")) {
    const key = unescapeToken(token);
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
