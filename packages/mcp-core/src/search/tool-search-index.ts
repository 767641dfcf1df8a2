/**
 * The incremental BM25+ index behind `McpSource.searchTools`: an inverted index of our own over
 * integer ids (see `term-dictionary.ts`, `postings.ts`, `document-table.ts`, `bm25-scorer.ts`).
 *
 * Documents are keyed by tool object: the registry keeps an unchanged tool's object across swaps and
 * gives a new or changed tool a new one, so comparing the current generation with the indexed one
 * finds exactly the documents to add and to remove. A refresh of one server therefore analyzes
 * that server's new and changed tools only. Syncing is lazy (on the next search), so a burst of
 * refreshes costs one pass.
 * @module
 */
import type { McpTool, ToolSearchHit } from "../types.js";
import { Bm25Scorer, type WeightedQueryTerm } from "./bm25-scorer.js";
import { DocumentTable } from "./document-table.js";
import type { SnapshotParts } from "./index-snapshot.js";
import { FIELD_COUNT, Postings } from "./postings.js";
import { queryTerms } from "./query-terms.js";
import type { SearchRequest } from "./search-options.js";
import type { AnalyzerOptions } from "./search-terms.js";
import { type ListingTokenOf, restoredStructures, snapshotParts } from "./snapshot-parts.js";
import { TermDictionary } from "./term-dictionary.js";
import { type ExpansionOptions, expandTerm } from "./term-expansion.js";
import { MAX_FIELD_TERMS, TOOL_FIELDS, type ToolField, toolFieldTerms } from "./tool-document.js";

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

/** BM25+ parameters (measured on the catalog fixture). */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** The most terms one tool's fields keep in all. */
const MAX_DOCUMENT_TERMS = Object.values(MAX_FIELD_TERMS).reduce((sum, cap) => sum + cap, 0);

/** Terms no document holds any more are shed once there are this many and more than live ones. */
const MIN_DEAD_TERMS_TO_COMPACT = 1024;

/** Counters of the index's work, for tests and diagnostics. */
export interface ToolSearchIndexStats {
  /** Tools in the index now. */
  documents: number;
  /** Tools analyzed and added since the index was made. */
  added: number;
  /** Tools removed since the index was made. */
  removed: number;
  /** Distinct terms in the dictionary. */
  terms: number;
  /** (term, field, tool) entries in the postings. */
  postings: number;
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

/** Ranks tools against free-text queries; holds one document per tool object it was given. */
export class ToolSearchIndex {
  private dictionary = new TermDictionary();
  private postings = new Postings();
  private documents = new DocumentTable();
  private readonly scorer: Bm25Scorer;
  private readonly expansion: ExpansionOptions;
  private indexed: readonly McpTool[] = [];
  /** Per term id, its count in the field being added (scratch, all zero between adds). */
  private counts = new Int32Array(1024);
  /** The distinct term ids of the tool being added, field after field, and their counts (scratch). */
  private readonly pairs = new Int32Array(MAX_DOCUMENT_TERMS);
  private readonly tallies = new Int32Array(MAX_DOCUMENT_TERMS);
  /** Its fields' distinct-term counts (scratch). */
  private readonly lengths = new Array<number>(FIELD_COUNT).fill(0);
  private added = 0;
  private removed = 0;

  constructor(private readonly ranking: RankingOptions = {}) {
    const weights = ranking.fieldWeights ?? FIELD_WEIGHTS;
    this.scorer = new Bm25Scorer(
      ranking.bm25 ?? BM25,
      TOOL_FIELDS.map((field) => weights[field]),
    );
    this.expansion = {
      prefixMinLength: ranking.prefixMinLength ?? 4,
      fuzzyMinLength: ranking.fuzzyMinLength ?? 6,
    };
  }

  /** What the index holds and has done so far (tests count re-indexing with it). */
  get stats(): ToolSearchIndexStats {
    return {
      documents: this.documents.count,
      added: this.added,
      removed: this.removed,
      terms: this.dictionary.size,
      postings: this.postings.size,
    };
  }

  /** Ranks `tools` (the source's current generation) against the request, best first. */
  search(tools: readonly McpTool[], request: SearchRequest): ToolSearchHit[] {
    this.sync(tools);
    const query: WeightedQueryTerm[] = [];
    for (const [term, weight] of queryTerms(request.query, this.ranking)) {
      const matches = expandTerm(term, this.dictionary, this.expansion);
      if (matches.length > 0) query.push({ matches, weight });
    }
    if (query.length === 0) return [];
    const { servers } = request;
    const documents = this.documents;
    const accept = servers ? (id: number) => servers.has(documents.tool(id)?.server ?? "") : () => true;
    return this.scorer
      .rank(query, this.postings, documents, request.limit, accept)
      .flatMap(({ id, score }) => {
        const tool = documents.tool(id);
        if (!tool) return [];
        const { name, server, rawName, title, description } = tool;
        return [{ name, server, rawName, title, description, score }];
      });
  }

  /**
   * Analyses and adds the tools of `tools` not indexed yet (a server's new listing), ahead of the
   * next search; costs nothing for tools already indexed. Removed tools leave on the next search.
   */
  prepare(tools: readonly McpTool[]): void {
    for (const tool of tools) if (this.documents.idOf(tool) === undefined) this.add(tool);
  }

  /**
   * What to write as the index's snapshot, once synced to `tools` (the current generation, read
   * with the tokens: a snapshot must never pair a listing's token with another listing's
   * documents): the documents of servers `tokenOf` gives a listing token for. Undefined under ranking settings other than the defaults (a
   * snapshot is read by the source's index, which has them) or when there is nothing to keep.
   */
  snapshot(tools: readonly McpTool[], tokenOf: ListingTokenOf): SnapshotParts | undefined {
    if (Object.keys(this.ranking).length > 0) return undefined;
    this.sync(tools);
    const { dictionary, postings, documents } = this;
    return snapshotParts(this.indexed, { dictionary, postings, documents }, tokenOf);
  }

  /**
   * Takes a decoded snapshot as this (still empty) index's content, its documents mapped to the
   * current tools (`toolsOf` a server) of servers whose listing token is the one indexed; the next search syncs the
   * rest as after a refresh. Returns how many documents were reused (0: the index is unchanged).
   * When `current` (the generation) is exactly the snapshot's documents in order, the index is
   * synced to it at once: the first search then walks no tool.
   */
  restore(
    parts: SnapshotParts,
    toolsOf: (server: string) => readonly McpTool[],
    tokenOf: ListingTokenOf,
    current?: readonly McpTool[],
  ): number {
    if (this.documents.count > 0 || Object.keys(this.ranking).length > 0) return 0;
    const restored = restoredStructures(parts, toolsOf, tokenOf);
    if (!restored) return 0;
    this.dictionary = restored.dictionary;
    this.postings = restored.postings;
    this.documents = restored.documents;
    this.indexed = current && restored.documents.adoptOrder(current) ? current : [];
    return restored.reused;
  }

  /** Brings the index to `tools`: removes tools no longer there, adds tool objects not seen yet. */
  private sync(tools: readonly McpTool[]): void {
    if (tools === this.indexed) return;
    if (this.documents.count > 0) this.removeGone(new Set(tools));
    tools.forEach((tool, position) => {
      const id = this.documents.idOf(tool) ?? this.add(tool);
      this.documents.setPosition(id, position);
    });
    this.indexed = tools;
  }

  /** Removes the documents of tools not in `current`, their postings with them. */
  private removeGone(current: ReadonlySet<McpTool>): void {
    const gone: McpTool[] = [];
    for (const [tool] of this.documents.entries()) if (!current.has(tool)) gone.push(tool);
    if (gone.length === 0) return;
    const marks = new Uint8Array(this.documents.capacity);
    for (const tool of gone) {
      const id = this.documents.remove(tool);
      if (id !== undefined) marks[id] = 1;
    }
    this.postings.removeDocuments(marks);
    this.removed += gone.length;
    this.shedDeadTerms();
  }

  /** Renumbers the dictionary without the terms no document holds, once they are many. */
  private shedDeadTerms(): void {
    const { dictionary, postings } = this;
    let live = 0;
    for (let id = 0; id < dictionary.size; id++) if (postings.holds(id)) live++;
    const dead = dictionary.size - live;
    if (dead < MIN_DEAD_TERMS_TO_COMPACT || dead < live) return;
    const { dictionary: compacted, newIds } = dictionary.compacted((id) => postings.holds(id));
    postings.renumber(newIds, compacted.size);
    this.dictionary = compacted;
  }

  /** Analyzes `tool` and adds its document; returns its id. */
  private add(tool: McpTool): number {
    const fields = toolFieldTerms(tool, this.ranking.analyzer);
    // Per field, its distinct term ids go to `pairs` and their counts to `tallies` (scratch).
    const { pairs, tallies, lengths } = this;
    let size = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const start = size;
      for (const term of fields[field] ?? []) {
        const termId = this.dictionary.intern(term);
        if (termId >= this.counts.length) this.growCounts(termId + 1);
        if (this.counts[termId] === 0) pairs[size++] = termId;
        this.counts[termId] = (this.counts[termId] as number) + 1;
      }
      lengths[field] = size - start;
      // The counts go beside the ids and are cleared: the next field counts afresh.
      for (let i = start; i < size; i++) {
        const termId = pairs[i] as number;
        tallies[i] = this.counts[termId] as number;
        this.counts[termId] = 0;
      }
    }
    const id = this.documents.add(tool, lengths);
    let at = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const end = at + (lengths[field] as number);
      for (; at < end; at++) {
        this.postings.add(pairs[at] as number, field, id, tallies[at] as number);
      }
    }
    this.added++;
    return id;
  }

  private growCounts(size: number): void {
    const counts = new Int32Array(Math.max(size, this.counts.length * 2));
    counts.set(this.counts);
    this.counts = counts;
  }
}
