/**
 * Parts `loadMcp` makes once per load and nothing else needs: the kept results of the result
 * budget, and the OAuth module with the load's token store (imported only when a server has `auth`).
 * @module
 */
import type { TokenStore } from "./auth/token-store.js";
import type { ResolvedLoadOptions } from "./options/resolved-load-options.js";
import { createKeptResults, type KeptResults } from "./results/kept-results.js";
import { memoryResultStore } from "./results/memory-result-store.js";

/** The source's kept results over the host's store or a memory store; none when the budget is off. */
export function keptResultsOf(
  options: ResolvedLoadOptions,
  warn: (message: string) => void,
): KeptResults | undefined {
  const settings = options.resultBudget;
  if (settings === undefined) return undefined;
  const store = options.resultStore ?? memoryResultStore();
  // One read answers at most the host's own limit, by the estimate's four characters a token.
  return createKeptResults(
    store,
    settings.ttlMs,
    settings.maxTokens * 4,
    warn,
    options.resultStore !== undefined,
  );
}

/** The OAuth module, loaded on first use, with the load's token store. */
export async function loadOAuth(given: TokenStore | undefined) {
  const { loadTokenStore, serverOAuth } = await import("./auth/server-oauth.js");
  return { serverOAuth, store: loadTokenStore(given) };
}
