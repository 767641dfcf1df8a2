/**
 * The fetch the transport gets for an OAuth server: a request refused with 401 is refreshed once
 * (single-flight: concurrent 401s share one refresh) and retried once, before the transport sees
 * the 401. Only when no refresh helps (refused for good, or nothing to refresh with) does the 401
 * reach the transport, whose `auth()` then starts a new authorization (the core's `needs-auth`);
 * a refresh that failed for now (network, server error, the store unreachable) fails the request
 * instead, also when the retry with a newer token whose refresh failed meets a 401 again.
 * @module
 */
import type { FetchLike } from "@modelcontextprotocol/client";

/** What the wrapper needs from the provider. */
export interface RefreshingTokens {
  /**
   * Refreshes after `rejected` was refused (no-op when it is no longer the current token). Resolves
   * with the error of a refresh that failed for now (network, server error); undefined otherwise.
   */
  renew(rejected: string): Promise<Error | undefined>;
  /** The current access token, without I/O. */
  currentAccessToken(): string | undefined;
  /** A 401 goes to the transport although a token was sent: its `auth()` must discover afresh. */
  refused?(): void;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** `base` with one refresh-and-retry on a 401 to a request that carried a bearer token. */
export function refreshingFetch(tokens: RefreshingTokens, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.status !== 401) return response;
    const headers = new Headers(init?.headers);
    const sent = BEARER.exec(headers.get("authorization") ?? "")?.[1];
    if (!sent) return response;
    const failure = await tokens.renew(sent);
    const current = tokens.currentAccessToken();
    if (!current || current === sent) {
      // The refresh failed for now (store or authorization server unreachable, a server error): a
      // failed request (the next one refreshes again), not a 401 that would send the server to
      // needs-auth while the grant is good.
      if (failure) {
        await response.body?.cancel().catch(() => {});
        throw failure;
      }
      tokens.refused?.();
      return response;
    }
    await response.body?.cancel().catch(() => {});
    headers.set("authorization", `Bearer ${current}`);
    const retried = await base(url, { ...init, headers });
    // A newer token (another process's, adopted) whose own refresh failed for now may be spent as
    // well: its 401 is that failure, not a refusal of the grant.
    if (retried.status === 401 && !failure) tokens.refused?.();
    if (retried.status !== 401 || !failure) return retried;
    await retried.body?.cancel().catch(() => {});
    throw failure;
  };
}
