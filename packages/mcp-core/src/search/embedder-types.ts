/**
 * The public types of hybrid tool search: the host's embedder and the store that keeps tool
 * vectors between runs (SPEC §15.7).
 * @module
 */

/**
 * Turns texts into vectors, one per text and in order, all of one dimension. The host's model in
 * a plain function; the adapters map an AI SDK `EmbeddingModel` or a LangChain `Embeddings` to it.
 * `signal` aborts when the call outlives `timeoutMs` or the search is closed. `kind` says what the
 * texts are — tool texts (`"document"`) or one search query (`"query"`) — for a model that embeds
 * them differently (a query prefix, LangChain's `embedQuery`); a symmetric model ignores it.
 */
export type ToolEmbedder = (
  texts: string[],
  options: { signal: AbortSignal; kind: "document" | "query" },
) => Promise<number[][]>;

/**
 * One server's tool vectors as kept between runs: per tool, keyed by the fingerprint of the text
 * embedded (so a changed definition is embedded again, an unchanged one never), the vector as
 * base64 of little-endian float32s. Read back as untrusted: a malformed entry is a miss.
 */
export interface ToolVectorEntry {
  version: 1;
  /** The embedder's name it was made with (`vectorCache.model`): another model's vectors are not read. */
  model: string;
  /** The length of every vector. */
  dimensions: number;
  /** Text fingerprint → base64 float32 vector. */
  vectors: Record<string, string>;
}

/**
 * Where tool vectors are kept between runs (beside the listing cache: `fileToolVectorStore`, or
 * `@toolnexus/store-redis` for a fleet). Keys are hex. `get` returns undefined on a miss and may
 * reject to refuse an entry it cannot trust (a miss too).
 */
export interface ToolVectorStore {
  get(key: string): Promise<ToolVectorEntry | undefined> | ToolVectorEntry | undefined;
  set(key: string, entry: ToolVectorEntry): Promise<void> | void;
}

/** Options of `hybridToolSearch`. */
export interface HybridSearchOptions {
  /** The host's embedder. */
  embedder: ToolEmbedder;
  /**
   * Keep tool vectors in `store` under the embedder's name `model` (any stable name of the model and
   * its settings: vectors of two names never mix), so a warm start embeds no tool.
   * @default none: vectors are kept in memory for the search's life
   */
  vectorCache?: { store: ToolVectorStore; model: string } | undefined;
  /** The longest one embedder call may take before the search answers lexically. @default 5000 */
  timeoutMs?: number | undefined;
  /** After an embedder failure, searches stay lexical this long before the embedder is tried again. @default 30000 */
  retryAfterMs?: number | undefined;
}

/** Why the last search was lexical only (diagnostics; `undefined` when it fused both rankings). */
export type HybridFallbackReason =
  | "tools-not-embedded"
  | "embedder-failed"
  | "embedder-timeout"
  | "embedder-invalid"
  | "cooling-down"
  | "closed";
