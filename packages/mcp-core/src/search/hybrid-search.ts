/**
 * Hybrid tool search (SPEC §15.7): the lexical ranking of `searchTools` fused with a ranking by
 * the host's embedder, so an intent worded unlike the tool still finds it. Each search embeds the
 * query once; tool vectors come from the vector store or are embedded once per text. Whenever the
 * embedder cannot answer in time with usable vectors the search answers lexically — the same hits
 * `searchTools` gives — and the embedder rests for `retryAfterMs`.
 * @module
 */
import type { McpSource, McpTool, ToolSearchHit, ToolSearchOptions } from "../types.js";
import { EmbedFailure, embedChecked } from "./embed-call.js";
import type { HybridFallbackReason, HybridSearchOptions } from "./embedder-types.js";
import { resolveHybridOptions } from "./hybrid-options.js";
import { fuseRankings, vectorRanking } from "./rank-fusion.js";
import { MAX_SEARCH_LIMIT, searchRequest } from "./search-options.js";
import { ToolVectors } from "./tool-vectors.js";

/** How many hits of each ranking are fused (the lexical index's largest `limit`). */
const POOL = MAX_SEARCH_LIMIT;
const ENTRY = "hybridToolSearch";

/** A source's search by meaning and by words; see {@link hybridToolSearch}. */
export interface HybridToolSearch {
  /**
   * The `limit` best tools for `query`, best first, as `searchTools` takes and returns them (the
   * score is the fused one). Never rejects for the embedder: it then gives `searchTools`' hits.
   * Rejects with `OPTIONS_INVALID` / `SERVER_UNKNOWN` for the arguments `searchTools` refuses.
   */
  search(query: string, options?: ToolSearchOptions): Promise<ToolSearchHit[]>;
  /** Why the last search was lexical only; undefined when it was hybrid (diagnostics and tests). */
  readonly lastFallback: HybridFallbackReason | undefined;
  /** Tool texts embedded so far (a warm start with a filled vector store embeds none). */
  readonly embeddedTools: number;
  /** Aborts embedder calls under way; later searches are lexical. */
  close(): void;
}

/**
 * Hybrid search over `source`'s current tools. Tool vectors are made on the first search (read
 * from `vectorCache` first) and for new or changed tools on later ones; a search waits for them at
 * most `timeoutMs` per embedder call, and answers lexically while they are not all there.
 */
export function hybridToolSearch(source: McpSource, options: HybridSearchOptions): HybridToolSearch {
  const { embedder, vectorCache, timeoutMs, retryAfterMs } = resolveHybridOptions(ENTRY, options);
  const closing = new AbortController();
  const embed = (kind: "document" | "query") => (texts: string[], dimensions: number | undefined) =>
    embedChecked(embedder, texts, dimensions, timeoutMs, closing.signal, kind);
  const embedQuery = embed("query");
  const vectors = new ToolVectors(embed("document"), vectorCache);
  let restUntil = 0;
  let lastFallback: HybridFallbackReason | undefined;

  const lexical = (hits: ToolSearchHit[], limit: number, reason: HybridFallbackReason) => {
    lastFallback = reason;
    return hits.slice(0, limit);
  };
  const failed = (error: unknown): HybridFallbackReason => {
    restUntil = Date.now() + retryAfterMs;
    return error instanceof EmbedFailure ? error.reason : "embedder-failed";
  };

  /** A sync's failure starts the rest even when no search waits for it any more. */
  const failedSync = (error: unknown) => {
    restUntil = Date.now() + retryAfterMs;
    return error;
  };

  return {
    get lastFallback() {
      return lastFallback;
    },
    get embeddedTools() {
      return vectors.embedded;
    },
    close() {
      closing.abort(new Error("closed"));
    },
    async search(query, searchOptions) {
      const request = searchRequest(query, searchOptions, Object.keys(source.status));
      const servers = searchOptions?.servers;
      const pool = source.searchTools(request.query, { limit: POOL, servers });
      if (closing.signal.aborted) return lexical(pool, request.limit, "closed");
      if (Date.now() < restUntil) return lexical(pool, request.limit, "cooling-down");
      const all = source.tools;
      const tools = request.servers ? all.filter((tool) => request.servers?.has(tool.server)) : all;
      let queryVector: Float32Array | undefined;
      try {
        // The query is embedded while the tools are; a cold catalog's embedding may take longer
        // than one search should wait: it goes on, and this search answers lexically.
        const [, embedded] = await Promise.all([
          within(
            vectors.sync(all).catch((error) => Promise.reject(failedSync(error))),
            timeoutMs,
          ),
          embedQuery([request.query], vectors.dimensions),
        ]);
        queryVector = embedded[0];
      } catch (error) {
        return lexical(pool, request.limit, failed(error));
      }
      if (!queryVector || !vectors.covers(tools)) return lexical(pool, request.limit, "tools-not-embedded");
      if (queryVector.length !== vectors.dimensions)
        return lexical(
          pool,
          request.limit,
          failed(new EmbedFailure("embedder-invalid", "dimensions changed")),
        );
      lastFallback = undefined;
      return fuse(
        pool,
        vectorRanking(queryVector, tools, (tool) => vectors.vectorOf(tool), POOL),
        request.limit,
      );
    },
  };
}

/** The hits of both rankings fused, as `ToolSearchHit`s with the fused score. */
function fuse(
  lexicalHits: readonly ToolSearchHit[],
  byVector: readonly McpTool[],
  limit: number,
): ToolSearchHit[] {
  const hits = new Map<string, Omit<ToolSearchHit, "score">>();
  for (const { name, server, rawName, title, description } of lexicalHits) {
    hits.set(name, { name, server, rawName, title, description });
  }
  for (const { name, server, rawName, title, description } of byVector) {
    if (!hits.has(name)) hits.set(name, { name, server, rawName, title, description });
  }
  const fused = fuseRankings([lexicalHits.map((hit) => hit.name), byVector.map((tool) => tool.name)], limit);
  return fused.flatMap(({ name, score }) => {
    const hit = hits.get(name);
    return hit ? [{ ...hit, score }] : [];
  });
}

/** Settles as `work` does, or resolves after `ms` while it runs on (its failure then is not lost: the next search's sync reports its own). */
function within(work: Promise<void>, ms: number): Promise<void> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([work, waited]).finally(() => clearTimeout(timer));
}
