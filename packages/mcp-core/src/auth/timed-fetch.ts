/**
 * A fetch bounded in time, for the requests the provider makes itself (discovery, token, refresh):
 * a hung authorization server must not hold the refresh lock, and every caller waiting on it, forever.
 * @module
 */
import type { FetchLike } from "@modelcontextprotocol/client";

/** `base` with every request aborted after `timeoutMs` (the caller's own signal still applies). */
export function timedFetch(timeoutMs: number, base: FetchLike = fetch): FetchLike {
  return (url, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return base(url, { ...init, signal });
  };
}
