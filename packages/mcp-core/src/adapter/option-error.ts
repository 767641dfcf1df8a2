/**
 * The one way an adapter reports a malformed option.
 * @module
 */
import { describeValue } from "../config/describe-value.js";

/** The code every option error carries, the core's and the adapters' alike. */
export const OPTIONS_INVALID = "OPTIONS_INVALID";

/** A malformed adapter option: a `TypeError` with the core's option-error `code`. */
export type AdapterOptionError = TypeError & { readonly code: typeof OPTIONS_INVALID };

/**
 * Throws `<entry> option "<option>": expected <expected>, got <what was given>`. The value itself is
 * never quoted (it may be a secret), only its kind (`describeValue`). The error is a `TypeError`, as
 * every adapter has always thrown, with `code: "OPTIONS_INVALID"` like the core's option errors.
 * @param entry who reads the option, e.g. `"loadMcp"` or `"AI SDK adapter"`
 * @param got overrides the description of the value (e.g. `"a larger number"`)
 */
export function invalidOption(
  entry: string,
  option: string,
  expected: string,
  value: unknown,
  got = describeValue(value, typeof value === "number"),
): never {
  const error = new TypeError(`${entry} option "${option}": expected ${expected}, got ${got}`);
  throw Object.assign(error, { code: OPTIONS_INVALID }) as AdapterOptionError;
}
