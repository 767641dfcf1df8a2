/**
 * When the provider refreshes: the token's due rule (expiry within the skew), the per-request read
 * that refreshes a due token first, and what a refused token leads to. A refused token goes to the single-flight refresh (`renewal-flight.ts`), which
 * refreshes, or adopts another process's newer token, under the store's lock. A refused token this
 * process has already replaced takes no flight — unless the replacement is itself due (another
 * process's token, adopted under the lock after it went quiet): then it is refreshed (or a fresher
 * one adopted) before the caller retries, never retried as it is to meet the same 401.
 * @module
 */
import type { StoredOAuthTokens } from "@modelcontextprotocol/client";
import type { AuthEntry } from "./auth-entry.js";
import { messageOf } from "./auth-message.js";
import { RenewalFlight, type RenewalFlightParams } from "./renewal-flight.js";
import { isBindingFailure } from "./resource-binding.js";
import type { StoredAuth } from "./token-store.js";

/** The refresh's context, less the due rule (made here from the skew). */
export interface ProviderRenewalParams extends Omit<RenewalFlightParams, "isDue"> {
  /** How long before expiry a token is refreshed (ms). */
  refreshSkewMs: number;
  /** The entry this process holds, without I/O. */
  cached(): StoredAuth | undefined;
}

/** One server's refresh policy (see the module comment). */
export class ProviderRenewal {
  private readonly flights: RenewalFlight;

  constructor(private readonly params: ProviderRenewalParams) {
    const { refreshSkewMs: _skew, cached: _cached, ...shared } = params;
    this.flights = new RenewalFlight({ ...shared, isDue: (expiresAt) => this.isDue(expiresAt) });
  }

  /** Whether a token expiring at `expiresAt` (ms since the epoch) is due for a refresh. */
  isDue(expiresAt: number | undefined): boolean {
    return expiresAt !== undefined && Date.now() >= expiresAt - this.params.refreshSkewMs;
  }

  /**
   * Whether a due token expiring at `expiresAt` is still good to send while another process
   * refreshes it: more than half the skew left (SPEC §3.5.4). The other half is the margin a
   * request sent with it keeps.
   */
  private mayGoOn(expiresAt: number | undefined): boolean {
    return expiresAt !== undefined && Date.now() < expiresAt - this.params.refreshSkewMs / 2;
  }

  /**
   * The transport's per-request read: the held tokens, refreshed first when they expire within the
   * skew (a headless grant's first token is requested here too) — unless another process's refresh
   * is in flight and the held token has more than half the skew left: it is then sent as it is.
   */
  async fresh(): Promise<StoredOAuthTokens | undefined> {
    let entry: AuthEntry;
    let judged: string | undefined; // the access token found due
    let goOn = false; // it is still good to send while another process refreshes it
    try {
      entry = await this.params.entry();
      const current = await entry.current();
      const headlessFirst = !current?.tokens && this.params.headless;
      if (!headlessFirst && (!current?.tokens || !this.isDue(current.expiresAt))) return current?.tokens;
      judged = current?.tokens?.access_token;
      goOn = this.mayGoOn(current?.expiresAt);
    } catch (error) {
      if (isBindingFailure(error)) throw error; // the start fails: nothing is sent without a token either
      this.params.warn(`MCP server "${this.params.server}": OAuth discovery failed: ${messageOf(error)}`);
      return undefined;
    }
    // A refresh that ended while `current()` was read has already replaced the token judged due:
    // starting another would only take the store's lock to find it fresh.
    // Another process's refresh in flight is not waited for while the held token is still good:
    // the request goes with it, and the next one reads the store again.
    if (judged === undefined || entry.cached?.tokens?.access_token === judged)
      await this.flights.renew(undefined, goOn);
    return entry.cached?.tokens;
  }

  /**
   * Refreshes single-flight; `rejected` is the access token a server refused. Resolves with the
   * error of a refresh that failed for now (the caller fails its request), undefined otherwise.
   */
  async renew(rejected: string | undefined): Promise<Error | undefined> {
    if (rejected === undefined) return this.flights.renew(undefined);
    const current = this.params.cached()?.tokens?.access_token;
    if (current === undefined || current === rejected) {
      const failure = await this.flights.renew(rejected);
      if (failure) return failure;
    }
    // The caller retries with the token now held: not one already due.
    const held = this.params.cached();
    if (held?.tokens?.access_token === rejected || !this.isDue(held?.expiresAt)) return undefined;
    return this.flights.renew(undefined);
  }
}
