/**
 * Describes what a config value is without ever revealing it, for "got …" in error messages.
 * @module
 */

/** True for `{}`-style objects (not arrays, functions, class instances or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The kind of `value` in a few words: its type, refined (empty string, empty array, negative number…)
 * only where that helps and never with the value itself, since it may be a secret.
 * @param numeric refine numbers (zero, negative, non-integer) because a number was expected
 */
export function describeValue(value: unknown, numeric = false): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length === 0 ? "empty array" : "array";
  if (typeof value === "string") {
    if (value === "") return "empty string";
    return value.trim() === "" ? "blank string" : "string";
  }
  if (typeof value === "number") return numeric ? describeNumber(value) : "number";
  return typeof value;
}

/**
 * `describeValue` for config values, where an object that is not plain (a `Map`, a `Date`, a class
 * instance) is named by its kind: "expected an object, got object" would not say what is wrong.
 */
export function describeConfigValue(value: unknown, numeric = false): string {
  if (typeof value !== "object" || value === null || Array.isArray(value) || isPlainObject(value)) {
    return describeValue(value, numeric);
  }
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === "Object" ? "class instance" : `${tag} object`;
}

function describeNumber(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return "infinite number";
  if (!Number.isInteger(value)) return "non-integer number";
  if (value < 0) return "negative number";
  return value === 0 ? "zero" : "number";
}
