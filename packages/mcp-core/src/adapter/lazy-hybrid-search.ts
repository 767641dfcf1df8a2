/**
 * The adapters' `search` option behind `mcp_search_tools`: the options are checked when the toolset
 * is made, the hybrid search module is loaded on the first search only — a host that gives no
 * embedder, or never searches, loads none of it (the adapters' import stays what it was).
 * @module
 */

import type { HybridSearchOptions } from "../search/embedder-types.js";
import { resolveHybridOptions } from "../search/hybrid-options.js";
import type { HybridToolSearch } from "../search/hybrid-search.js";
import type { McpSource } from "../types.js";
import type { MetaSearch } from "./meta-tools.js";

/** A hybrid search made on first use, for `createMetaTools(source, find)`. */
export interface LazyHybridSearch {
  /** Ranks for `mcp_search_tools` (never rejects for the embedder: it falls back to `searchTools`). */
  find: MetaSearch;
  /** Closes the search (if made) and any made later. Idempotent. */
  close(): void;
}

/**
 * Validates `options` now (an `OPTIONS_INVALID` error naming `entry`) and makes the hybrid search
 * over `source` on the first `find`.
 */
export function lazyHybridSearch(
  entry: string,
  source: McpSource,
  options: HybridSearchOptions,
): LazyHybridSearch {
  const resolved = resolveHybridOptions(entry, options);
  let made: Promise<HybridToolSearch> | undefined;
  let closed = false;
  return {
    async find(query, limits) {
      made ??= import("../search/hybrid-search.js").then((m) => m.hybridToolSearch(source, resolved));
      const search = await made;
      if (closed) search.close();
      return search.search(query, limits);
    },
    close() {
      closed = true;
      void made?.then((search) => search.close());
    },
  };
}
