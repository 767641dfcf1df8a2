/**
 * The toolkit's `search` option: hybrid search for `mcp_search_tools` with a LangChain
 * `Embeddings` mapped to the core's `ToolEmbedder` (SPEC §15.7).
 * @module
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { McpSource } from "@toolnexus/mcp-core";
import { invalidOption, type LazyHybridSearch, lazyHybridSearch } from "@toolnexus/mcp-core/adapter";
import type { ToolEmbedder, ToolVectorStore } from "@toolnexus/mcp-core/search";

/** `createLangChainToolkit`'s `search` option. */
export interface LangChainSearchOptions {
  /** The embeddings `mcp_search_tools` ranks with: tools through `embedDocuments`, queries through `embedQuery`. */
  embeddings: EmbeddingsInterface;
  /**
   * Keep tool vectors here (`fileToolVectorStore()`, a Redis store for a fleet) under `model`, so a
   * warm start embeds no tool. @default none: kept in memory
   */
  vectorCache?: { store: ToolVectorStore; model: string } | undefined;
  /** The longest one embedding call may take before the search answers lexically. @default 5000 */
  timeoutMs?: number | undefined;
}

/**
 * LangChain embeddings as a `ToolEmbedder`. LangChain's `Embeddings` take no abort signal: a call
 * past the timeout is left to finish on its own while the search answers lexically.
 */
export function langChainEmbedder(embeddings: EmbeddingsInterface): ToolEmbedder {
  return async (texts, { kind }) =>
    kind === "query"
      ? Promise.all(texts.map((text) => embeddings.embedQuery(text)))
      : embeddings.embedDocuments(texts);
}

/** The hybrid search the option asks for, or undefined without it. */
export function langChainHybridSearch(
  entry: string,
  source: McpSource,
  search: LangChainSearchOptions | undefined,
): LazyHybridSearch | undefined {
  if (search === undefined) return undefined;
  if (typeof search !== "object" || search === null) invalidOption(entry, "search", "an object", search);
  const { embeddings, vectorCache, timeoutMs } = search;
  if (
    typeof embeddings !== "object" ||
    embeddings === null ||
    typeof embeddings.embedDocuments !== "function" ||
    typeof embeddings.embedQuery !== "function"
  ) {
    invalidOption(entry, "search.embeddings", "a LangChain Embeddings", embeddings);
  }
  return lazyHybridSearch(entry, source, { embedder: langChainEmbedder(embeddings), vectorCache, timeoutMs });
}
