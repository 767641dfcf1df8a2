/**
 * BM25+ scoring over the postings (SPEC §15.1 "Score"): per matched (query term, index term, field),
 * field weight × query-term weight × match weight × BM25+, summed per document, times the number of
 * distinct query terms that matched it. Scores accumulate in typed arrays indexed by document id, so
 * a query costs one multiply-add per posting its terms reach and allocates nothing per document.
 * @module
 */
import type { DocumentTable } from "./document-table.js";
import { COUNT_BITS, COUNT_RANGE, FIELD_COUNT, type Postings } from "./postings.js";
import type { TermMatch } from "./term-expansion.js";

/** BM25+ saturation `k`, length normalization `b` and lower bound `d`. */
export interface Bm25Parameters {
  k: number;
  b: number;
  d: number;
}

/** One query term: the index terms it matches and its own weight (1, or a synonym's). */
export interface WeightedQueryTerm {
  matches: readonly TermMatch[];
  weight: number;
}

/** A ranked document. */
export interface ScoredDocument {
  id: number;
  score: number;
}

/** Score accumulators, reused from query to query (sized to the document table). */
export class Bm25Scorer {
  private scores = new Float64Array(0);
  private matched = new Uint16Array(0);
  private stamps = new Int32Array(0);
  private touched = new Int32Array(0);
  private touchedCount = 0;
  private stamp = 0;

  constructor(
    private readonly parameters: Bm25Parameters,
    /** Per field index, the field's weight. */
    private readonly fieldWeights: readonly number[],
  ) {}

  /**
   * The best `limit` documents `accept` lets through for `query`, best first; equal scores in
   * document-table position order. Documents no query term reaches are not ranked.
   */
  rank(
    query: readonly WeightedQueryTerm[],
    postings: Postings,
    documents: DocumentTable,
    limit: number,
    accept: (id: number) => boolean,
  ): ScoredDocument[] {
    this.fit(documents.capacity);
    try {
      for (const term of query) this.accumulate(term, postings, documents);
      return this.best(documents, limit, accept);
    } finally {
      this.clear();
    }
  }

  private accumulate(term: WeightedQueryTerm, postings: Postings, documents: DocumentTable): void {
    const { k, b, d } = this.parameters;
    const total = documents.count;
    const { scores, matched, stamps, touched } = this;
    if (this.stamp === 0x7fffffff) {
      stamps.fill(0);
      this.stamp = 0;
    }
    const stamp = ++this.stamp;
    // Read directly, not per posting through a call: a first search runs this loop before V8 has
    // compiled it, where each call per posting costs more than the arithmetic (issue 46).
    const lengths = documents.fieldLengths;
    for (const match of term.matches) {
      for (let field = 0; field < FIELD_COUNT; field++) {
        const list = postings.list(match.termId, field);
        if (!list) continue;
        const holding = list.length;
        const idf = Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
        const weight = match.weight * term.weight * (this.fieldWeights[field] as number) * idf;
        // tf / (tf + k · (1 − b + b · len / avglen)) = tf / (tf + base + slope · len)
        const base = k * (1 - b);
        const slope = (k * b) / documents.averageLength(field);
        for (let i = 0; i < holding; i++) {
          const posting = list[i] as number;
          const id = posting >> COUNT_BITS;
          const count = posting & (COUNT_RANGE - 1);
          const length = lengths[id * FIELD_COUNT + field] as number;
          scores[id] =
            (scores[id] as number) + weight * (d + (count * (k + 1)) / (count + base + slope * length));
          if (stamps[id] !== stamp) {
            stamps[id] = stamp;
            if (matched[id] === 0) touched[this.touchedCount++] = id;
            matched[id] = (matched[id] as number) + 1;
          }
        }
      }
    }
  }

  private best(documents: DocumentTable, limit: number, accept: (id: number) => boolean): ScoredDocument[] {
    const best: ScoredDocument[] = [];
    const before = (a: ScoredDocument, b: ScoredDocument) =>
      a.score > b.score || (a.score === b.score && documents.position(a.id) < documents.position(b.id));
    const { scores, matched, touched } = this;
    for (let i = 0; i < this.touchedCount; i++) {
      const id = touched[i] as number;
      const score = (scores[id] as number) * (matched[id] as number);
      // Most documents a query touches do not beat the last of a full list: they are turned away on
      // their score alone, before any object or call is made for them (issue 46: a first search
      // runs this loop over thousands of documents before V8 has compiled it).
      const last = best[best.length - 1];
      if (best.length === limit && last && score < last.score) continue;
      const candidate = { id, score };
      if (best.length === limit && last && !before(candidate, last)) continue;
      if (!accept(id)) continue;
      let at = best.length;
      while (at > 0 && before(candidate, best[at - 1] as ScoredDocument)) at--;
      best.splice(at, 0, candidate);
      if (best.length > limit) best.pop();
    }
    return best;
  }

  private fit(capacity: number): void {
    if (this.scores.length >= capacity) return;
    const size = Math.max(capacity, this.scores.length * 2, 64);
    this.scores = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.stamps = new Int32Array(size);
    this.touched = new Int32Array(size);
    this.stamp = 0;
  }

  private clear(): void {
    const { scores, matched, touched } = this;
    if (this.touchedCount * 8 > scores.length) {
      // A query that reached many of the documents: two fills beat a loop over them, which on a
      // first search runs before V8 has compiled it (issue 46).
      scores.fill(0);
      matched.fill(0);
    } else {
      for (let i = 0; i < this.touchedCount; i++) {
        const id = touched[i] as number;
        scores[id] = 0;
        matched[id] = 0;
      }
    }
    this.touchedCount = 0;
  }
}
