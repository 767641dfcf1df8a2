/**
 * A call's own durations, `timeoutMs` and `maxTotalTimeoutMs`,
 * checked before anything waits on them.
 * @module
 */
import { describeValue } from "../config/describe-value.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "../timer-limit.js";
import type { McpCallContext } from "../types.js";

/**
 * What is wrong with one duration of a call context, as `option "<option>": expected …, got …`, or
 * undefined when it is absent or a positive number of milliseconds up to the timer limit (a fraction
 * is fine here: a timer takes one).
 */
export function callTimeoutProblem(timeout: unknown, option = "timeout"): string | undefined {
  if (timeout === undefined) return undefined;
  if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0) {
    return `option "${option}": expected a positive number (milliseconds), got ${describeValue(timeout, true)}`;
  }
  if (timeout > MAX_TIMER_MS)
    return `option "${option}": expected ${MAX_TIMER_EXPECTED}, got a larger number`;
  return undefined;
}

/**
 * What is wrong with a call context's durations (`timeoutMs`, then `maxTotalTimeoutMs`), if
 * anything; each is named as the caller wrote it.
 */
export function callContextProblem(ctx: McpCallContext | undefined): string | undefined {
  return (
    callTimeoutProblem(ctx?.timeoutMs, "timeoutMs") ??
    callTimeoutProblem(ctx?.maxTotalTimeoutMs, "maxTotalTimeoutMs")
  );
}

/** The call's own timeout: `timeoutMs`, else undefined (the server's applies). */
export function callTimeoutMs(ctx: McpCallContext | undefined): number | undefined {
  return ctx?.timeoutMs;
}
