/**
 * The toolset's `search` option: hybrid search for `mcp_search_tools` with an AI SDK
 * `EmbeddingModel` mapped to the core's `ToolEmbedder` (SPEC §15.7).
 * @module
 */
import type { McpSource } from "@toolnexus/mcp-core";
import { invalidOption, type LazyHybridSearch, lazyHybridSearch } from "@toolnexus/mcp-core/adapter";
import type { ToolEmbedder, ToolVectorStore } from "@toolnexus/mcp-core/search";
import { type EmbeddingModel, embedMany } from "ai";

/** `createAiSdkToolset`'s `search` option. */
export interface AiSdkSearchOptions {
  /** The model `mcp_search_tools` embeds tools and queries with (an object or a gateway id). */
  embedder: EmbeddingModel;
  /**
   * Keep tool vectors here (`fileToolVectorStore()`, a Redis store for a fleet) under the model's
   * `provider/modelId`, so a warm start embeds no tool. @default none: kept in memory
   */
  vectorStore?: ToolVectorStore | undefined;
  /** The longest one embedding call may take before the search answers lexically. @default 5000 */
  timeoutMs?: number | undefined;
}

/** The name a model's vectors are kept under: its gateway id, or `provider/modelId`. */
export function embeddingModelName(model: EmbeddingModel): string {
  return typeof model === "string" ? model : `${model.provider}/${model.modelId}`;
}

/** The AI SDK model as a `ToolEmbedder`: `embedMany` (it splits past the model's batch size), no retries. */
export function aiSdkEmbedder(model: EmbeddingModel): ToolEmbedder {
  return async (texts, { signal }) => {
    const { embeddings } = await embedMany({ model, values: texts, abortSignal: signal, maxRetries: 0 });
    return embeddings;
  };
}

/** The hybrid search the option asks for, or undefined without it. */
export function aiSdkHybridSearch(
  entry: string,
  source: McpSource,
  search: AiSdkSearchOptions | undefined,
): LazyHybridSearch | undefined {
  if (search === undefined) return undefined;
  if (typeof search !== "object" || search === null) invalidOption(entry, "search", "an object", search);
  const { embedder, vectorStore, timeoutMs } = search;
  if (
    typeof embedder !== "string" &&
    (typeof embedder !== "object" || embedder === null || typeof embedder.doEmbed !== "function")
  ) {
    invalidOption(entry, "search.embedder", "an AI SDK EmbeddingModel", embedder);
  }
  return lazyHybridSearch(entry, source, {
    embedder: aiSdkEmbedder(embedder),
    vectorCache:
      vectorStore === undefined ? undefined : { store: vectorStore, model: embeddingModelName(embedder) },
    timeoutMs,
  });
}
