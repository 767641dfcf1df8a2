import type { StateInfo, StateReason } from "../types.js";
import type { LifecycleState } from "./lifecycle-state.js";
import { publicState } from "./lifecycle-state.js";

/**
 * What `onStateChange` reports with a transition: the previous public state and why; on `error` the
 * error and, while auto-restart is at work, the attempt and its delay (the attempt count when it
 * gave up); on `starting` the attempt number of an auto-restart.
 */
export function stateInfo(
  previous: LifecycleState,
  next: LifecycleState,
  reason: StateReason,
  attemptsMade: number,
): StateInfo {
  const info: StateInfo = { previous: publicState(previous), reason };
  if (next.kind === "starting" && next.attempt > 0) info.attempt = next.attempt;
  if (next.kind === "needs-auth") {
    info.error = next.error;
    if (next.authorizationUrl !== undefined) info.authorizationUrl = next.authorizationUrl;
    return info;
  }
  if (next.kind !== "error") return info;
  info.error = next.error;
  if (next.retry) {
    info.attempt = next.retry.attempt;
    info.nextDelayMs = next.retry.delayMs;
  } else if (next.gaveUp) {
    info.attempt = attemptsMade;
  }
  return info;
}
