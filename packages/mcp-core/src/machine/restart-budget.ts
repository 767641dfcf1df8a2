/**
 * The auto-restart budget as arithmetic on the machine's context: what a failure now leads to.
 * Attempts are counted in the context by `transition`; the timers are the runner's (`RestartTimers`).
 * @module
 */
import { backoffDelay } from "../timing/backoff.js";
import type { LifecycleContext, RestartOutlook } from "./lifecycle-state.js";

/**
 * What auto-restart does after a failure: `off` when the policy is off, the load signal was aborted
 * (`halted`) or the server never ran; `spent` when `maxRetries` attempts were made since the budget
 * was last whole; else the next attempt and its backoff delay.
 */
export function restartOutlook(context: LifecycleContext, halted: boolean): RestartOutlook {
  const { policy, attempts } = context;
  if (!policy.enabled || halted || !context.hasRun) return { kind: "off" };
  if (attempts >= policy.maxRetries) return { kind: "spent", attempts };
  const attempt = attempts + 1;
  return { kind: "due", retry: { attempt, delayMs: backoffDelay({ attempt, ...policy }) } };
}
