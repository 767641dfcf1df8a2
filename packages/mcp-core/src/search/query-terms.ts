/**
 * A query as weighted terms: its own terms at weight 1, their synonyms at a lower weight.
 * @module
 */
import { type AnalyzerOptions, searchTerms } from "./search-terms.js";
import { SYNONYM_GROUPS, SYNONYM_WEIGHT } from "./synonyms.js";

const expansions = new Map<string, Map<string, ReadonlySet<string>>>();

/** Each term's synonyms, as terms of the same analyzer (built once per analyzer setting). */
function synonymsOf(analyzer: AnalyzerOptions): Map<string, ReadonlySet<string>> {
  const key = `${analyzer.stem ?? true}/${analyzer.dropStopWords ?? true}`;
  let map = expansions.get(key);
  if (map) return map;
  map = new Map();
  for (const group of SYNONYM_GROUPS) {
    const terms = group.flatMap((word) => searchTerms(word, analyzer));
    for (const term of terms) {
      const set = new Set([...(map.get(term) ?? []), ...terms]);
      set.delete(term);
      map.set(term, set);
    }
  }
  expansions.set(key, map);
  return map;
}

/** Whether {@link queryTerms} expands synonyms. */
export interface QueryOptions {
  analyzer?: AnalyzerOptions;
  /** Add each term's synonyms at {@link SYNONYM_WEIGHT}. @default true */
  synonyms?: boolean;
}

/** The terms of `query` and their weights. Empty when the query has no term. */
export function queryTerms(query: string, options: QueryOptions = {}): Map<string, number> {
  const analyzer = options.analyzer ?? {};
  const weights = new Map<string, number>();
  const own = searchTerms(query, analyzer);
  for (const term of own) weights.set(term, 1);
  if (options.synonyms === false) return weights;
  const synonyms = synonymsOf(analyzer);
  for (const term of own) {
    for (const synonym of synonyms.get(term) ?? []) {
      if (!weights.has(synonym)) weights.set(synonym, SYNONYM_WEIGHT);
    }
  }
  return weights;
}
