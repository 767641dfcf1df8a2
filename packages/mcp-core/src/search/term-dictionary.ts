/**
 * The term dictionary of tool search: each distinct index term gets a small integer id, and the
 * terms are kept sorted (forwards and reversed) so that the terms beginning or ending with a given
 * text are one binary search and a scan away. That is all prefix and fuzzy matching need: no tree,
 * no regex, nothing that backtracks.
 * @module
 */

/** A term's id and text, as {@link TermDictionary.withPrefix} and `withSuffix` visit them. */
export type TermVisitor = (id: number, term: string) => void;

/** Code-unit order of two strings (the order `<` gives), as a comparator. */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `text` with its code units in reverse order (no surrogate awareness needed: only compared). */
function reversed(text: string): string {
  let result = "";
  for (let i = text.length - 1; i >= 0; i--) result += text[i];
  return result;
}

/** Ids sorted by a key, and the keys in that order; merged with new ids on demand. */
class SortedView {
  private ids: number[] = [];
  private keys: string[] = [];
  private pending: number[] = [];

  constructor(private readonly keyOf: (id: number) => string) {}

  push(id: number): void {
    this.pending.push(id);
  }

  /** Takes ids already in key order with their keys (a snapshot's, checked sorted by its decoder). */
  adopt(ids: number[], keys: string[]): void {
    this.ids = ids;
    this.keys = keys;
    this.pending = [];
  }

  /** The ids in key order (what a snapshot writes). */
  inOrder(): readonly number[] {
    this.merge();
    return this.ids;
  }

  /** Calls `visit` for every id whose key begins with `start`, in key order. */
  scan(start: string, visit: (id: number) => void): void {
    this.merge();
    const { ids, keys } = this;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] as string) < start) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < keys.length && (keys[i] as string).startsWith(start); i++) visit(ids[i] as number);
  }

  /** Folds the ids added since the last scan in: they are sorted alone, then merged (O(n + k log k)). */
  private merge(): void {
    if (this.pending.length === 0) return;
    const added = this.pending.map((id) => ({ id, key: this.keyOf(id) }));
    added.sort((a, b) => byCodeUnits(a.key, b.key));
    this.pending = [];
    const ids: number[] = [];
    const keys: string[] = [];
    let i = 0;
    let j = 0;
    while (i < this.keys.length || j < added.length) {
      const next = added[j];
      if (next && (i >= this.keys.length || next.key < (this.keys[i] as string))) {
        ids.push(next.id);
        keys.push(next.key);
        j++;
      } else {
        ids.push(this.ids[i] as number);
        keys.push(this.keys[i] as string);
        i++;
      }
    }
    this.ids = ids;
    this.keys = keys;
  }
}

/**
 * Suffix lookups answered by a scan of every term before the reversed view is built. A scan costs
 * one `endsWith` per term (well under a millisecond at 10 000 tools); the view costs a sort of
 * every term reversed (several milliseconds), so the first searches after a warm start — whose
 * forward view comes sorted in the index snapshot — do not pay it (issue 46: the first search).
 */
export const SUFFIX_SCANS_BEFORE_VIEW = 32;

/** Code-unit order of the reversed texts of two terms, without making them. */
function byReversedCodeUnits(a: string, b: string): number {
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    const diff = a.charCodeAt(i) - b.charCodeAt(j);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

/** Term ↔ id, with sorted views for prefix and suffix lookups. Ids are dense, from 0. */
export class TermDictionary {
  private readonly ids = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly forwards = new SortedView((id) => this.terms[id] as string);
  /** Built at the {@link SUFFIX_SCANS_BEFORE_VIEW}th suffix lookup (fuzzy matching), then kept in step. */
  private backwards: SortedView | undefined;
  /** Suffix lookups answered by a scan so far. */
  private suffixScans = 0;

  /**
   * A dictionary of `terms` (ids are their places) whose forward order is `sorted`, as an index
   * snapshot holds them: no sort and no merge on the first prefix lookup.
   */
  static restored(terms: readonly string[], sorted: Int32Array): TermDictionary {
    const dictionary = new TermDictionary();
    // Indexed loops, no callback per term: this runs once, cold, in a first search (issue 46).
    for (let id = 0; id < terms.length; id++) {
      const term = terms[id] as string;
      dictionary.terms.push(term);
      dictionary.ids.set(term, id);
    }
    const ids = Array.from(sorted);
    const keys = new Array<string>(ids.length);
    for (let i = 0; i < ids.length; i++) keys[i] = terms[ids[i] as number] as string;
    dictionary.forwards.adopt(ids, keys);
    return dictionary;
  }

  /** Term ids in code-unit order of their texts. */
  sortedIds(): readonly number[] {
    return this.forwards.inOrder();
  }

  /** How many terms there are (ids run from 0 to this − 1). */
  get size(): number {
    return this.terms.length;
  }

  /** The id of `term`, or undefined when no document has had it. */
  idOf(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The text of term `id`. */
  term(id: number): string {
    return this.terms[id] as string;
  }

  /** The id of `term`, given a new one if it has none. */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.set(term, id);
      this.forwards.push(id);
      this.backwards?.push(id);
    }
    return id;
  }

  /** Visits every term that begins with `prefix` (`prefix` itself included, if it is a term). */
  withPrefix(prefix: string, visit: TermVisitor): void {
    this.forwards.scan(prefix, (id) => visit(id, this.terms[id] as string));
  }

  /** Visits every term that ends with `suffix` (`suffix` itself included, if it is a term). */
  withSuffix(suffix: string, visit: TermVisitor): void {
    if (!this.backwards && this.suffixScans < SUFFIX_SCANS_BEFORE_VIEW) {
      this.suffixScans++;
      const found: number[] = [];
      const { terms } = this;
      for (let id = 0; id < terms.length; id++) if ((terms[id] as string).endsWith(suffix)) found.push(id);
      // The view's order (reversed texts in code-unit order), so the matches come as they would from it.
      found.sort((a, b) => byReversedCodeUnits(terms[a] as string, terms[b] as string));
      for (const id of found) visit(id, terms[id] as string);
      return;
    }
    this.reversedView().scan(reversed(suffix), (id) => visit(id, this.terms[id] as string));
  }

  private reversedView(): SortedView {
    if (!this.backwards) {
      this.backwards = new SortedView((id) => reversed(this.terms[id] as string));
      for (let id = 0; id < this.terms.length; id++) this.backwards.push(id);
    }
    return this.backwards;
  }

  /**
   * A dictionary of the terms `keep` accepts, renumbered densely in id order, and the map from old
   * ids to new ones (−1: dropped). Used to shed terms no document holds any more.
   */
  compacted(keep: (id: number) => boolean): { dictionary: TermDictionary; newIds: Int32Array } {
    const dictionary = new TermDictionary();
    const newIds = new Int32Array(this.terms.length).fill(-1);
    this.terms.forEach((term, id) => {
      if (keep(id)) newIds[id] = dictionary.intern(term);
    });
    return { dictionary, newIds };
  }
}
