/**
 * The defaults of a server entry's keys, in one constant (the load options have theirs in
 * `LOAD_OPTION_DEFAULTS`).
 * @module
 */

/** What a server entry gets for a key it leaves out. Frozen. */
export const SERVER_ENTRY_DEFAULTS = Object.freeze({
  /** Milliseconds per phase (connect, list, call). */
  timeout: 30_000,
  /** The protocol era is negotiated (a pinned version skips the negotiation). */
  protocol: "auto" as const,
  /** `perTenant`: instances per server, the least recently used one closed past it; their idle stop. */
  perTenant: Object.freeze({ maxInstances: 32, idleTimeoutMs: 300_000 }),
});
