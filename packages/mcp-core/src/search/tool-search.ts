/**
 * Ranks the source's tools against a free-text query.
 * @module
 */
import type { McpTool, ToolSearchHit } from "../types.js";
import type { SearchRequest } from "./search-options.js";

const terms = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((term) => term.length > 1);

/**
 * Interim ranking (term overlap over name, title and description), to be replaced by the
 * incremental BM25 index: the contract (validation, hit shape, order) is what callers rely on.
 */
export function searchTools(tools: readonly McpTool[], request: SearchRequest): ToolSearchHit[] {
  const wanted = new Set(terms(request.query));
  if (wanted.size === 0) return [];
  const hits: ToolSearchHit[] = [];
  for (const tool of tools) {
    if (request.servers !== undefined && !request.servers.has(tool.server)) continue;
    const words = terms(`${tool.rawName} ${tool.title ?? ""} ${tool.description}`);
    const score = words.filter((word) => wanted.has(word)).length;
    if (score === 0) continue;
    const { name, server, rawName, title, description } = tool;
    hits.push({ name, server, rawName, title, description, score });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, request.limit);
}
