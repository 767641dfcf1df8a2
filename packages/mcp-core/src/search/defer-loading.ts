/**
 * The `deferLoading` setting's one validity rule, shared by `loadMcp` and every adapter's option.
 * @module
 */
import type { DeferLoading } from "../types.js";

/** The "expected …" half of a malformed `deferLoading`'s message. */
export const DEFER_LOADING_EXPECTED = "false, true or { threshold: a non-negative integer }";

/** True for `false`, `true` and `{ threshold: N }` with N a non-negative safe integer. */
export function isDeferLoading(value: unknown): value is DeferLoading {
  if (typeof value === "boolean") return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const threshold = (value as { threshold?: unknown }).threshold;
  return (
    keys.length === 1 &&
    keys[0] === "threshold" &&
    typeof threshold === "number" &&
    Number.isSafeInteger(threshold) &&
    threshold >= 0
  );
}
