/**
 * Equality of JSON values as `canonicalJson` sees them (object key order ignored), without building
 * either text: a listing compared with the one before costs no allocation, and nothing has to keep
 * a canonical copy of every tool to compare against.
 * @module
 */
import { isObject } from "./is-object.js";

/** Keys whose value JSON would write (an `undefined` or a function is left out, as by `JSON.stringify`). */
function writtenKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => {
    const v = value[key];
    return v !== undefined && typeof v !== "function";
  });
}

/**
 * Whether `a` and `b` have the same JSON text once object keys are sorted (`canonicalJson(a) ===
 * canonicalJson(b)`) for JSON data: plain objects, arrays, strings, finite numbers, booleans, null.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = writtenKeys(a);
  if (keys.length !== writtenKeys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key], b[key])) return false;
  }
  return true;
}
