/**
 * The fetch the transport gets for an OAuth server: a request refused with 401 is refreshed once
 * (single-flight: concurrent 401s share one refresh) and retried once, before the transport sees
 * the 401. Only when no refresh helps (refused for good, or nothing to refresh with) does the 401
 * reach the transport, whose `auth()` then starts a new authorization (the core's `needs-auth`);
 * a refresh that failed for now (network, server error, the store unreachable) fails the request
 * instead, also when the retry with a newer token whose refresh failed meets a 401 again.
 *
 * A DPoP-bound token (`Authorization: DPoP`, set by the SDK's DPoP layer above this one) is
 * retried with a fresh proof for the new token; a DPoP nonce challenge (401 `use_dpop_nonce` with a
 * `DPoP-Nonce`) is no refusal of the token: it goes up to that layer, which retries with the nonce.
 * @module
 */
import { type FetchLike, isDpopNonceChallenge } from "@modelcontextprotocol/client";

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
  /** A DPoP proof of `accessToken` for this request (`ath` bound); undefined when no key is held. */
  proofFor?(accessToken: string, method: string, url: string): Promise<string | undefined>;
}

const PRESENTED = /^(Bearer|DPoP)\s+(\S+)$/i;

/** `base` with one refresh-and-retry on a 401 to a request that carried a bearer token. */
export function refreshingFetch(tokens: RefreshingTokens, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.status !== 401) return response;
    if (isDpopNonceChallenge(response) && response.headers.has("dpop-nonce")) return response;
    const headers = new Headers(init?.headers);
    const presented = PRESENTED.exec(headers.get("authorization") ?? "");
    const sent = presented?.[2];
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
    if (presented?.[1]?.toLowerCase() === "dpop") {
      // A proof is bound to its token (`ath`) and used once (`jti`): the retry gets its own.
      const proof = await tokens.proofFor?.(current, init?.method ?? "GET", String(url));
      if (!proof) {
        tokens.refused?.();
        return response;
      }
      headers.set("authorization", `DPoP ${current}`);
      headers.set("dpop", proof);
    } else {
      headers.set("authorization", `Bearer ${current}`);
    }
    await response.body?.cancel().catch(() => {});
    const retried = await base(url, { ...init, headers });
    // A newer token (another process's, adopted) whose own refresh failed for now may be spent as
    // well: its 401 is that failure, not a refusal of the grant.
    if (retried.status === 401 && !failure) tokens.refused?.();
    if (retried.status !== 401 || !failure) return retried;
    await retried.body?.cancel().catch(() => {});
    throw failure;
  };
}
