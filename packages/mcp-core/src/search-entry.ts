/**
 * `@toolnexus/mcp-core/search`: hybrid tool search — `searchTools`' lexical ranking fused with the
 * host's embedder (SPEC §15.7) — and the file store that keeps tool vectors beside the listing
 * cache. Without it nothing of tool search changes. Follows semver like the root entry.
 * @module
 */

export type {
  HybridFallbackReason,
  HybridSearchOptions,
  ToolEmbedder,
  ToolVectorEntry,
  ToolVectorStore,
} from "./search/embedder-types.js";
export {
  DEFAULT_MAX_VECTOR_ENTRY_BYTES,
  defaultVectorDir,
  fileToolVectorStore,
} from "./search/file-vector-store.js";
export { type HybridToolSearch, hybridToolSearch } from "./search/hybrid-search.js";
export { toolVectorText } from "./search/tool-vector-text.js";
