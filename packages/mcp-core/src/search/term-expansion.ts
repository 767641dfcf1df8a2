/**
 * Which index terms a query term matches, and how much each match counts (SPEC §15.1 "Matching"):
 * the term itself at 1; for a term of `prefixMinLength` or more characters, the longer terms it
 * begins at `0.375 · L / (L + 0.3 · (L − l))`; for a term of `fuzzyMinLength` or more, the terms one
 * edit away (insert, delete or replace one character) at `0.45 · L / (L + 1)`. A term both longer
 * and one edit away counts as a prefix match only.
 * @module
 */
import type { TermDictionary } from "./term-dictionary.js";

/** The weight of a prefix match at distance 0 and of an edit match at distance 0. */
export const PREFIX_WEIGHT = 0.375;
export const FUZZY_WEIGHT = 0.45;

/** When a query term also matches by prefix and by one edit. */
export interface ExpansionOptions {
  /** Query terms this long or longer also match index terms they begin. */
  prefixMinLength: number;
  /** Query terms this long or longer also match index terms one edit away. */
  fuzzyMinLength: number;
}

/** One index term a query term matches: its id and the match's weight. */
export interface TermMatch {
  termId: number;
  weight: number;
}

/**
 * Whether `a` and `b` (which differ) are one insertion, deletion or replacement apart. Linear: the
 * common start is skipped, then the rests must agree after one step in one or both.
 */
export function oneEditApart(a: string, b: string): boolean {
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let i = 0;
  const shorter = Math.min(a.length, b.length);
  while (i < shorter && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === shorter) return lengthGap !== 0;
  // a[i] ≠ b[i]: replace (same length), or drop one from the longer.
  const restA = lengthGap >= 0 ? i + 1 : i;
  const restB = lengthGap <= 0 ? i + 1 : i;
  return a.slice(restA) === b.slice(restB);
}

/** The index terms `term` matches with their weights (the term itself first, when indexed). */
export function expandTerm(term: string, dictionary: TermDictionary, options: ExpansionOptions): TermMatch[] {
  const matches: TermMatch[] = [];
  const exact = dictionary.idOf(term);
  if (exact !== undefined) matches.push({ termId: exact, weight: 1 });
  const length = term.length;
  const prefix = length >= options.prefixMinLength;
  if (prefix) {
    dictionary.withPrefix(term, (termId, indexTerm) => {
      const distance = indexTerm.length - length;
      if (distance === 0) return;
      matches.push({
        termId,
        weight: (PREFIX_WEIGHT * indexTerm.length) / (indexTerm.length + 0.3 * distance),
      });
    });
  }
  if (length >= options.fuzzyMinLength) {
    // One edit leaves either the first half or the second half of the term as it was, so every
    // term one edit away begins with the first half or ends with the second: two small ranges of
    // the sorted dictionary hold every candidate.
    const half = length >> 1;
    const seen = new Set<number>();
    const consider = (termId: number, indexTerm: string) => {
      if (seen.has(termId)) return;
      seen.add(termId);
      if (indexTerm === term || (prefix && indexTerm.startsWith(term))) return;
      if (!oneEditApart(term, indexTerm)) return;
      matches.push({ termId, weight: (FUZZY_WEIGHT * indexTerm.length) / (indexTerm.length + 1) });
    };
    dictionary.withPrefix(term.slice(0, half), consider);
    dictionary.withSuffix(term.slice(half), consider);
  }
  return matches;
}
