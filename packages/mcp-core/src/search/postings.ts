/**
 * The postings of tool search: for each (term, field), the documents whose field holds the term and
 * how often. A list is a plain array of small integers (`document · 1024 + count`), which V8 keeps
 * unboxed; the number of documents holding a term in a field is the list's length.
 * @module
 */
import { TOOL_FIELDS } from "./tool-document.js";

/** The number of indexed fields; a (term, field) pair's key is `term · FIELD_COUNT + field`. */
export const FIELD_COUNT = TOOL_FIELDS.length;
/** A posting packs the document id and the term's count in the field (≤ 512, the largest field cap). */
export const COUNT_RANGE = 1024;

/** Every (term, field) pair's postings, keyed by term id and field index. */
export class Postings {
  private lists: (number[] | undefined)[] = [];
  private postingCount = 0;
  /**
   * Postings read from an index snapshot, flat: a list is made an array only when first read or
   * changed (a first search reads a few lists of 100 000), and all of them before a removal.
   */
  private base: { offsets: Int32Array; flat: Int32Array; documents: number } | undefined;

  /**
   * Postings from a snapshot's flat form: `offsets[key]` to `offsets[key + 1]` in `flat` are the
   * postings of (term, field) `key` (checked by the snapshot's decoder: in range, never backwards).
   * The postings are untrusted: one naming a document outside `documents` or a count of 0 is
   * dropped when its list is first read.
   */
  static restored(offsets: Int32Array, flat: Int32Array, documents: number): Postings {
    const postings = new Postings();
    postings.base = { offsets, flat, documents };
    postings.lists = new Array<number[] | undefined>(offsets.length - 1).fill(undefined);
    postings.postingCount = flat.length;
    return postings;
  }

  /** The postings of term `termId` in field `field`, or undefined when there are none. */
  list(termId: number, field: number): readonly number[] | undefined {
    const key = termId * FIELD_COUNT + field;
    return this.lists[key] ?? (this.base && this.fromBase(key));
  }

  /** The flat form of every list, keys in order (what a snapshot writes). */
  flat(
    keyCount: number,
    keep: (documentId: number) => number,
  ): { offsets: Int32Array; postings: Int32Array } {
    const offsets = new Int32Array(keyCount + 1);
    const postings: number[] = [];
    for (let key = 0; key < keyCount; key++) {
      offsets[key] = postings.length;
      for (const posting of this.peek(key) ?? []) {
        const id = keep(Math.floor(posting / COUNT_RANGE));
        if (id >= 0) postings.push(id * COUNT_RANGE + (posting % COUNT_RANGE));
      }
    }
    offsets[keyCount] = postings.length;
    return { offsets, postings: Int32Array.from(postings) };
  }

  /** List `key` (a snapshot's is checked and made an array). */
  private peek(key: number): readonly number[] | undefined {
    const list = this.lists[key];
    if (list || !this.base) return list;
    return this.fromBase(key);
  }

  /** Makes snapshot list `key` an array (undefined when it has no postings). */
  private fromBase(key: number): number[] | undefined {
    const { offsets, flat, documents } = this.base as NonNullable<Postings["base"]>;
    if (key + 1 >= offsets.length) return undefined;
    const limit = documents * COUNT_RANGE;
    const list: number[] = [];
    for (let i = offsets[key] as number; i < (offsets[key + 1] as number); i++) {
      const posting = flat[i] as number;
      if (posting >= 0 && posting < limit && posting % COUNT_RANGE !== 0) list.push(posting);
    }
    if (list.length === 0) return undefined;
    this.lists[key] = list;
    return list;
  }

  /** Makes every snapshot list an array, so that lists can be emptied or moved. */
  private settle(): void {
    if (!this.base) return;
    for (let key = 0; key < this.lists.length; key++) if (!this.lists[key]) this.fromBase(key);
    this.base = undefined;
  }

  /** How many postings there are in all (for diagnostics and memory estimates). */
  get size(): number {
    return this.postingCount;
  }

  /** Records that field `field` of document `documentId` holds term `termId` `count` times. */
  add(termId: number, field: number, documentId: number, count: number): void {
    const key = termId * FIELD_COUNT + field;
    while (this.lists.length <= key) this.lists.push(undefined);
    const posting = documentId * COUNT_RANGE + Math.min(count, COUNT_RANGE - 1);
    const list = this.list(termId, field) as number[] | undefined;
    if (list) list.push(posting);
    else this.lists[key] = [posting];
    this.postingCount++;
  }

  /**
   * Drops every posting of the documents `removed` marks (1), in one pass over all lists: removals
   * come in batches (a server's refresh), and one pass is cheaper than a search per document.
   */
  removeDocuments(removed: Uint8Array): void {
    this.settle();
    let kept = 0;
    for (let key = 0; key < this.lists.length; key++) {
      const list = this.lists[key];
      if (!list) continue;
      let write = 0;
      for (let read = 0; read < list.length; read++) {
        const posting = list[read] as number;
        if (removed[Math.floor(posting / COUNT_RANGE)] === 1) continue;
        list[write++] = posting;
      }
      if (write === 0) this.lists[key] = undefined;
      else if (write < list.length) list.length = write;
      kept += write;
    }
    this.postingCount = kept;
  }

  /** Whether any document holds term `termId` (in any field). */
  holds(termId: number): boolean {
    for (let field = 0; field < FIELD_COUNT; field++) if (this.list(termId, field)) return true;
    return false;
  }

  /** Moves every list to its term's new id (`newIds[old]`, −1: the term is gone and had none). */
  renumber(newIds: Int32Array, termCount: number): void {
    this.settle();
    const lists: (number[] | undefined)[] = new Array(termCount * FIELD_COUNT).fill(undefined);
    newIds.forEach((newId, oldId) => {
      if (newId < 0) return;
      for (let field = 0; field < FIELD_COUNT; field++) {
        lists[newId * FIELD_COUNT + field] = this.lists[oldId * FIELD_COUNT + field];
      }
    });
    this.lists = lists;
  }
}
