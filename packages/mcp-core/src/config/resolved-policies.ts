/**
 * A server's supervision policies as resolved: its own `autoRestart` and `healthCheck` merged over
 * the load's, every default applied. Beside their written forms (`server-config.ts`), below the
 * state machine and the supervisors that read them.
 * @module
 */

/** The resolved restart policy. */
export interface ResolvedAutoRestart {
  enabled: boolean;
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  stableAfterMs: number;
}

/** The resolved health-check policy. */
export interface ResolvedHealthCheck {
  enabled: boolean;
  intervalMs: number;
  timeoutMs: number;
  failures: number;
}
