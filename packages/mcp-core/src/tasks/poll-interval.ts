/**
 * How long to wait between two `tasks/get` of one task: the server's suggestion, within bounds, so
 * a server cannot make the client poll in a tight loop nor put it to sleep for ever.
 * @module
 */

/** The shortest wait between two polls, in ms, whatever the server suggests. */
export const MIN_POLL_INTERVAL_MS = 100;
/** The longest wait between two polls, in ms, whatever the server suggests. */
export const MAX_POLL_INTERVAL_MS = 30_000;
/** The wait when the server suggests none (or something that is not a number of ms). */
export const DEFAULT_POLL_INTERVAL_MS = 1000;

/** The server's `pollInterval` clamped to [100 ms, 30 s]; 1 s when it is missing or not a number. */
export function clampPollIntervalMs(suggested: unknown): number {
  if (typeof suggested !== "number" || Number.isNaN(suggested)) return DEFAULT_POLL_INTERVAL_MS;
  return Math.min(MAX_POLL_INTERVAL_MS, Math.max(MIN_POLL_INTERVAL_MS, suggested));
}
