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

/** A refresh in flight: its outcome, and whether it may go on without the lock. */
interface Flight {
  done: Promise<Error | undefined>;
  goOnIfBusy: boolean;
  /** It went on without the lock (another process's refresh was in flight): nothing refreshed. */
  wentOn: boolean;
}

/** One server's refreshes: at most one in flight. */
export class RenewalFlight {
  private inFlight: Flight | undefined;

  constructor(private readonly params: RenewalFlightParams) {}

  /**
   * Refreshes, or joins the refresh in flight. `rejected` is the access token a server refused (a
   * 401); without it, the refresh is the proactive one (expiry within the skew). `goOnIfBusy`: the
   * caller has a token still good to send, and need not wait for another process's refresh.
   */
  renew(rejected: string | undefined, goOnIfBusy = false): Promise<Error | undefined> {
    const flight = this.inFlight ?? this.start(rejected, goOnIfBusy);
    if (goOnIfBusy || !flight.goOnIfBusy) return flight.done;
    // A caller that must not go on with its token does not end with a flight that did: it waits.
    return flight.done.then((failure) => failure ?? (flight.wentOn ? this.renew(rejected) : undefined));
  }

  private start(rejected: string | undefined, goOnIfBusy: boolean): Flight {
    const { entry, issuer, ...shared } = this.params;
    const flight: Flight = { done: Promise.resolve(undefined), goOnIfBusy, wentOn: false };
    flight.done = entry()
      .then((opened) => renewTokens({ ...shared, entry: opened, issuer: issuer(), rejected, goOnIfBusy }))
      .then(
        (wentOn) => {
          flight.wentOn = wentOn;
          return undefined;
        },
        (error: unknown) => {
          const failure = renewalFailure(this.params.server, error);
          this.params.warn(failure.message);
          return failure;
        },
      )
      .finally(() => {
        if (this.inFlight === flight) this.inFlight = undefined;
      });
    this.inFlight = flight;
    return flight;
  }
}
