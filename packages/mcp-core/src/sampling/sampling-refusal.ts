/**
 * A refusal a sampling handler throws on purpose (its own budget is spent): the core answers the
 * server with a JSON-RPC "invalid request" carrying the refusal's text, as it does for its own
 * request rate, instead of the generic failure it gives a handler's errors.
 * @module
 */

const BRAND = Symbol.for("@toolnexus/mcp-core.SamplingRefusal");

/** A handler's deliberate refusal of a sampling request; its text is the host's own, numbers only. */
export class SamplingRefusal extends Error {
  /** Stable code of every refusal. */
  readonly code = "SAMPLING_REFUSED";
  /** What the host is told once for a burst (the first refusal of a window); undefined after it. */
  readonly warning: string | undefined;
  readonly [BRAND] = true;

  /**
   * @param message What the server is answered with (JSON-RPC `-32600`): the host's own text, no
   *   server text and no secret.
   * @param warning What the host's `onWarning` gets, prefixed with the server's label; give it
   *   only for the first refusal of a burst.
   */
  constructor(message: string, warning?: string) {
    super(message);
    this.name = "SamplingRefusal";
    this.warning = warning;
  }
}

/**
 * Whether `error` is a {@link SamplingRefusal}, also one made by another copy of this module (a
 * bundle that holds two).
 */
export function isSamplingRefusal(error: unknown): error is SamplingRefusal {
  return typeof error === "object" && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true;
}
