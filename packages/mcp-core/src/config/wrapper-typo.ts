/**
 * Spots a misspelled wrapper key (`mcpServer`, `mcp_servers`, `"servers "`): a key close to a wrapper
 * key whose value is a map of server entries rather than a server entry.
 * @module
 */
import { closestKey } from "./closest-key.js";
import { isPlainObject } from "./describe-value.js";

const ENTRY_MARKERS = ["command", "url", "type"] as const;

function isEntryLike(value: unknown): boolean {
  return isPlainObject(value) && ENTRY_MARKERS.some((key) => Object.hasOwn(value, key));
}

/**
 * The wrapper key `key` is probably a typo of, when its value is an object whose values are all
 * objects, at least one of them a server entry (`command`, `url` or `type`), and which is not a
 * server entry itself; else undefined.
 */
export function misspelledWrapper(
  key: string,
  value: unknown,
  wrapperKeys: readonly string[],
): string | undefined {
  if (!isPlainObject(value) || isEntryLike(value)) return undefined;
  const inner = Object.values(value);
  if (inner.length === 0 || !inner.every(isPlainObject) || !inner.some(isEntryLike)) return undefined;
  return closestKey(key, wrapperKeys);
}
