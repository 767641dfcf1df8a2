/**
 * A server's token refresh, single-flight in this process: concurrent callers share one refresh
 * (`renewTokens`, itself exclusive across processes), and a refresh that failed for now resolves
 * with its error, warned once, instead of rejecting.
 * @module
 */
import type { AuthEntry } from "./auth-entry.js";
import { type RenewalContext, renewalFailure, renewTokens } from "./token-renewal.js";

/** What every refresh shares: the context of `renewTokens` less what each refresh reads anew. */
export interface RenewalFlightParams extends Omit<RenewalContext, "entry" | "issuer" | "rejected"> {
  /** The store entry (opened once the discovery is bound). */
  entry(): Promise<AuthEntry>;
  /** The issuer the discovery is bound to, read when the entry is open. */
  issuer(): string | undefined;
}

/** One server's refreshes: at most one in flight. */
export class RenewalFlight {
  private inFlight: Promise<Error | undefined> | undefined;

  constructor(private readonly params: RenewalFlightParams) {}

  /**
   * Refreshes, or joins the refresh in flight. `rejected` is the access token a server refused (a
   * 401); without it, the refresh is the proactive one (expiry within the skew).
   */
  renew(rejected: string | undefined): Promise<Error | undefined> {
    const { entry, issuer, ...shared } = this.params;
    this.inFlight ??= entry()
      .then((opened) => renewTokens({ ...shared, entry: opened, issuer: issuer(), rejected }))
      .then(
        () => undefined,
        (error: unknown) => {
          const failure = renewalFailure(this.params.server, error);
          this.params.warn(failure.message);
          return failure;
        },
      )
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}
