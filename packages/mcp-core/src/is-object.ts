/**
 * The one plain-object guard for values read off the wire or from disk.
 * @module
 */

/**
 * True for an object that is neither `null` nor an array, so its keys can be read. Unlike the
 * config's `isPlainObject`, the prototype is not checked: parsed JSON has none other than `Object`.
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
