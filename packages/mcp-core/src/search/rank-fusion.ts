/**
 * The vector ranking and its fusion with the lexical one by reciprocal rank fusion (Cormack et
 * al., 2009): a tool's fused score is Σ 1 / (k + rank) over the rankings it is in. Ranks, not
 * scores, are fused: BM25 and cosine scores have no common scale.
 * @module
 */
import type { McpTool } from "../types.js";

/** RRF's damping constant; 60 is the published default and was not tuned on our query sets. */
export const RRF_K = 60;

/** The `limit` best tools of `tools` by dot product with the unit vector `query`, best first. */
export function vectorRanking(
  query: Float32Array,
  tools: readonly McpTool[],
  vectorOf: (tool: McpTool) => Float32Array | undefined,
  limit: number,
): McpTool[] {
  const scored: { tool: McpTool; score: number; position: number }[] = [];
  tools.forEach((tool, position) => {
    const vector = vectorOf(tool);
    if (!vector || vector.length !== query.length) return;
    let dot = 0;
    for (let i = 0; i < query.length; i++) dot += (query[i] as number) * (vector[i] as number);
    scored.push({ tool, score: dot, position });
  });
  scored.sort((a, b) => b.score - a.score || a.position - b.position);
  return scored.slice(0, limit).map((entry) => entry.tool);
}

/**
 * Fuses rankings of model-facing tool names, best first; ties keep the first ranking's order,
 * then the next's.
 */
export function fuseRankings(
  rankings: readonly (readonly string[])[],
  limit: number,
): { name: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    ranking.forEach((name, rank) => {
      scores.set(name, (scores.get(name) ?? 0) + 1 / (RRF_K + rank + 1));
    });
  }
  return [...scores]
    .map(([name, score], order) => ({ name, score, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ name, score }) => ({ name, score }));
}
