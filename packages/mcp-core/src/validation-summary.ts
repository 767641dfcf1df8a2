/**
 * A short account of a schema validator's error. A zod error's message is the JSON of every issue —
 * kilobytes for a failed union — and must reach neither a model nor a log as it is.
 * @module
 */
import { boundedText } from "./bounded-text.js";
import { invalidResultText } from "./invalid-result.js";

/** Longest path or message quoted from an issue, in characters. */
const MAX_PART = 100;

interface IssueLike {
  path?: unknown;
  message?: unknown;
}

const cut = (text: string) => boundedText(text, MAX_PART);

/** True for a zod error (any zod copy or version): an Error named ZodError with an `issues` array. */
function isValidationError(error: unknown): error is Error & { issues: IssueLike[] } {
  return (
    error instanceof Error &&
    error.name === "ZodError" &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

/**
 * `"<path>: <message>"` of the first issue, plus how many more there are; `undefined` for an error
 * that is not a validator's.
 */
export function validationSummary(error: unknown): string | undefined {
  const invalid = invalidResultText(error);
  if (invalid !== undefined) return boundedText(invalid, 2 * MAX_PART);
  if (!isValidationError(error)) return undefined;
  const [first, ...rest] = error.issues;
  const path =
    Array.isArray(first?.path) && first.path.length > 0 ? first.path.map(String).join(".") : "(root)";
  const message = typeof first?.message === "string" ? first.message : "invalid";
  const more = rest.length > 0 ? ` and ${rest.length} more issue${rest.length === 1 ? "" : "s"}` : "";
  return `${cut(path)}: ${cut(message)}${more}`;
}
