/**
 * The fetch the transport gets for an OAuth server: a request refused with 401 is refreshed once
 * (single-flight: concurrent 401s share one refresh) and retried once, before the transport sees
 * the 401. Only when no refresh helps (refused for good, or nothing to refresh with) does the 401
 * reach the transport, whose `auth()` then starts a new authorization (the core's `needs-auth`);
 * a refresh that failed for now (network, server error) fails the request instead.
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
      // The authorization server is unreachable for now: a failed request (retried by the core),
      // not a 401 that would send the server to needs-auth.
      if (failure && current === sent) {
        await response.body?.cancel().catch(() => {});
        throw failure;
      }
      return response;
    }
    await response.body?.cancel().catch(() => {});
    headers.set("authorization", `Bearer ${current}`);
    return base(url, { ...init, headers });
  };
}
