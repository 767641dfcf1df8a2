/**
 * The incremental BM25 index behind `McpSource.searchTools`.
 *
 * Documents are keyed by tool object: the registry keeps an unchanged tool's object across swaps and
 * gives a new or changed tool a new one, so comparing the current generation with the indexed one
 * finds exactly the documents to add and to remove. A refresh of one server therefore analyzes
 * that server's new and changed tools only. Syncing is lazy (on the next search), so a burst of
 * refreshes costs one pass.
 * @module
 */
import MiniSearch from "minisearch";
import type { McpTool, ToolSearchHit } from "../types.js";
import { queryTerms } from "./query-terms.js";
import type { SearchRequest } from "./search-options.js";
import type { AnalyzerOptions } from "./search-terms.js";
import { TOOL_FIELDS, type ToolDocument, type ToolField, toolDocument } from "./tool-document.js";

/**
 * How much each field's BM25 score counts. Equal weights ranked best on the catalog fixture (a
 * heavier name lost recall@1: generic verbs like `move` or `list` then outrank the description's
 * topic words); a word the name, title and description share still counts once per field. The
 * server's name counts half: "in jira" should prefer jira's tools, not outrank the tool asked for.
 */
export const FIELD_WEIGHTS: Readonly<Record<ToolField, number>> = {
  server: 0.5,
  name: 1,
  title: 1,
  description: 1,
  params: 1,
  paramText: 1,
};

/** BM25+ parameters (the engine's defaults, measured on the catalog fixture). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Counters of the index's work, for tests and diagnostics. */
export interface ToolSearchIndexStats {
  /** Tools in the index now. */
  documents: number;
  /** Tools analyzed and added since the index was made. */
  added: number;
  /** Tools removed since the index was made. */
  removed: number;
}

interface IndexedDocument extends ToolDocument {
  id: number;
}

interface Entry {
  document: IndexedDocument;
  tool: McpTool;
}

/**
 * Settings of the ranking method; the defaults are SPEC §15.1's. Other values serve measurement
 * (the bench and the README's table compare them), not users: `searchTools` takes none.
 */
export interface RankingOptions {
  analyzer?: AnalyzerOptions;
  fieldWeights?: Readonly<Record<ToolField, number>>;
  /** Query terms this long or longer also match index terms they begin. @default 4 */
  prefixMinLength?: number;
  /** Query terms this long or longer also match index terms one edit away. @default 6 */
  fuzzyMinLength?: number;
  /** BM25+ saturation `k`, length normalization `b` and lower bound `d`. @default { k: 1.2, b: 0.7, d: 0.5 } */
  bm25?: { k: number; b: number; d: number };
  /** Expand query terms with the general thesaurus (`synonyms.ts`). @default true */
  synonyms?: boolean;
}

/** The `limit`-th best score of `results` (-Infinity when there are no more than `limit`). */
function scoreFloor(results: readonly { score: number }[], limit: number): number {
  if (results.length <= limit) return Number.NEGATIVE_INFINITY;
  const scores = Float64Array.from(results, (r) => r.score).sort();
  return scores[scores.length - limit] ?? Number.NEGATIVE_INFINITY;
}

/** Ranks tools against free-text queries; holds one document per tool object it was given. */
export class ToolSearchIndex {
  private readonly engine = new MiniSearch<IndexedDocument>({
    fields: [...TOOL_FIELDS],
    // Documents hold analyzed terms joined by spaces: the engine only splits them again.
    tokenize: (text) => text.split(" "),
    processTerm: (term) => term || null,
    autoVacuum: false,
    // Documents are removed exactly as added, so the engine has nothing to warn about; and a
    // library does not write to the console.
    logger: () => {},
  });
  private readonly entries = new Map<McpTool, Entry>();
  private readonly byId = new Map<number, Entry>();
  private indexed: readonly McpTool[] = [];
  private position = new Map<McpTool, number>();
  private nextId = 0;
  private added = 0;
  private removed = 0;

  constructor(private readonly ranking: RankingOptions = {}) {}

  /** What the index holds and has done so far (tests count re-indexing with it). */
  get stats(): ToolSearchIndexStats {
    return { documents: this.entries.size, added: this.added, removed: this.removed };
  }

  /** Ranks `tools` (the source's current generation) against the request, best first. */
  search(tools: readonly McpTool[], request: SearchRequest): ToolSearchHit[] {
    this.sync(tools);
    const weights = queryTerms(request.query, this.ranking);
    if (weights.size === 0) return [];
    const { servers } = request;
    const prefixMin = this.ranking.prefixMinLength ?? 4;
    const fuzzyMin = this.ranking.fuzzyMinLength ?? 6;
    const results = this.engine.search([...weights.keys()].join(" "), {
      boostTerm: (term) => weights.get(term) ?? 1,
      boost: { ...(this.ranking.fieldWeights ?? FIELD_WEIGHTS) },
      bm25: this.ranking.bm25 ?? BM25,
      prefix: (term) => term.length >= prefixMin,
      fuzzy: (term) => (term.length >= fuzzyMin ? 1 : false),
      ...(servers && {
        filter: (result: { id: number }) => servers.has(this.byId.get(result.id)?.tool.server ?? ""),
      }),
    });
    // Only hits that can be in the first `limit` are ordered: over a big catalog a query matches
    // thousands of tools, and sorting them all was a good part of a search. A hit scoring at least
    // the `limit`-th best score can; ties at that score are all kept, so the order is the same.
    const floor = scoreFloor(results, request.limit);
    const ranked: { tool: McpTool; score: number }[] = [];
    for (const result of results) {
      if (result.score < floor) continue;
      const entry = this.byId.get(result.id);
      if (entry) ranked.push({ tool: entry.tool, score: result.score });
    }
    // Equal scores keep the source's order, so a search is deterministic.
    ranked.sort((a, b) => b.score - a.score || this.rank(a.tool) - this.rank(b.tool));
    return ranked.slice(0, request.limit).map(({ tool, score }) => {
      const { name, server, rawName, title, description } = tool;
      return { name, server, rawName, title, description, score };
    });
  }

  private rank(tool: McpTool): number {
    return this.position.get(tool) ?? Number.MAX_SAFE_INTEGER;
  }

  /** Brings the index to `tools`: removes tools no longer there, adds tool objects not seen yet. */
  private sync(tools: readonly McpTool[]): void {
    if (tools === this.indexed) return;
    const current = new Set(tools);
    for (const [tool, entry] of this.entries) {
      if (current.has(tool)) continue;
      this.engine.remove(entry.document);
      this.entries.delete(tool);
      this.byId.delete(entry.document.id);
      this.removed++;
    }
    for (const tool of current) {
      if (this.entries.has(tool)) continue;
      const document = { id: this.nextId++, ...toolDocument(tool, this.ranking.analyzer) };
      const entry = { document, tool };
      this.engine.add(document);
      this.entries.set(tool, entry);
      this.byId.set(document.id, entry);
      this.added++;
    }
    this.indexed = tools;
    this.position = new Map(tools.map((tool, i) => [tool, i]));
  }
}
