/**
 * Canonical JSON after RFC 8785 (JCS): object members sorted by their names' UTF-16 code units,
 * no whitespace, numbers as ECMAScript writes them, strings escaped as `JSON.stringify` does (the
 * RFC's rule: `\"`, `\\`, `\b \f \n \r \t`, other controls as `\u00xx`, nothing else). Written out
 * by hand because `JSON.stringify` of a sorted object is not JCS: an object puts integer-like keys
 * ("9", "10") first in numeric order whatever order they were inserted in. The pin fingerprint
 * (SPEC "Pins and drift") hashes this text, so another port must produce it byte for byte.
 *
 * Differences from JCS, for JSON data only: a lone surrogate is written escaped (`\udxxx`, as
 * `JSON.stringify` does) where JCS rejects it; `undefined` and function members are left out and an
 * `undefined` array item is `null`, as `JSON.stringify` does. The depth is the caller's bound
 * (listings are depth-checked before they get here).
 * @module
 */

/** Code-unit order, the order JCS sorts member names in (`<` on JS strings compares code units). */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The JCS text of `value` (JSON data: plain objects, arrays, strings, finite numbers, booleans, null). */
export function canonicalJson(value: unknown): string {
  return write(value) ?? "null";
}

function write(value: unknown): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      // ECMAScript's Number-to-String, which JCS adopts; NaN and ±Infinity are not JSON (null).
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "object":
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    default:
      return undefined;
  }
}

function writeArray(items: readonly unknown[]): string {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i++) parts.push(write(items[i]) ?? "null");
  return `[${parts.join(",")}]`;
}

function writeObject(object: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of Object.keys(object).sort(byCodeUnits)) {
    const text = write(object[key]);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(",")}}`;
}
