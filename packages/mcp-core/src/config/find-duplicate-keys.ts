/**
 * Finds keys that appear more than once in the top two levels of a JSON(C) parse tree. A plain
 * parse keeps only the last of them, which would silently drop a server.
 * @module
 */
import type { Node } from "#jsonc-parser";

/** A key that appears `count` (> 1) times in one object. `parent` is null for the top level. */
export interface DuplicateKey {
  parent: string | null;
  key: string;
  count: number;
}

/** Duplicate keys of the root object and of each object directly under it. */
export function findDuplicateKeys(root: Node | undefined): DuplicateKey[] {
  if (root?.type !== "object") return [];
  const out = duplicatesIn(root, null);
  for (const property of root.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (typeof keyNode?.value === "string" && valueNode?.type === "object") {
      out.push(...duplicatesIn(valueNode, keyNode.value));
    }
  }
  return out;
}

function duplicatesIn(objectNode: Node, parent: string | null): DuplicateKey[] {
  const counts = new Map<string, number>();
  for (const property of objectNode.children ?? []) {
    const key = property.children?.[0]?.value;
    if (typeof key === "string") counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([key, count]) => ({ parent, key, count }));
}
