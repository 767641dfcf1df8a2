/** Inputs of the restart delay. */
export interface BackoffInput {
  /** 1-based attempt number. */
  attempt: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Delay before restart attempt `attempt`: `min(initialDelayMs · 2^(attempt-1), maxDelayMs)`. */
export function backoffDelay({ attempt, initialDelayMs, maxDelayMs }: BackoffInput): number {
  if (attempt < 1) return 0;
  // 2^(n-1) overflows to Infinity for large n; min() keeps the cap.
  return Math.min(initialDelayMs * 2 ** (attempt - 1), maxDelayMs);
}
