/**
 * Checks a call's own `timeout` before anything waits on it.
 * @module
 */
import { describeValue } from "../config/describe-value.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "../timer-limit.js";

/**
 * What is wrong with a call context's `timeout`, as `option "timeout": expected …, got …`, or
 * undefined when it is absent or a positive number of milliseconds up to the timer limit (a fraction
 * is fine here: a timer takes one).
 */
export function callTimeoutProblem(timeout: unknown): string | undefined {
  if (timeout === undefined) return undefined;
  if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0) {
    return `option "timeout": expected a positive number (milliseconds), got ${describeValue(timeout, true)}`;
  }
  if (timeout > MAX_TIMER_MS) return `option "timeout": expected ${MAX_TIMER_EXPECTED}, got a larger number`;
  return undefined;
}
