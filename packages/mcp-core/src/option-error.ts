/**
 * The one way an entry (search, an adapter) reports a malformed option. Neutral:
 * every layer may import it.
 * @module
 */
import { describeValue } from "./config/describe-value.js";
import { McpCoreError } from "./errors.js";

/**
 * Throws `<entry> option "<option>": expected <expected>, got <what was given>` as the core's own
 * option error: an `McpCoreError` with code `OPTIONS_INVALID`, so a host checks one thing whichever
 * entry it called. The value itself is never quoted (it may be a secret), only its kind.
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
  throw new McpCoreError("OPTIONS_INVALID", `${entry} option "${option}": expected ${expected}, got ${got}`);
}
