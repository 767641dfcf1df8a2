/**
 * The postings of tool search: for each (term, field), the documents whose field holds the term and
 * how often. A list is a plain array of small integers (`document · 1024 + count`), which V8 keeps
 * unboxed, or — read from an index snapshot and not changed since — a view of the snapshot's
 * `Int32Array`; the number of documents holding a term in a field is the list's length.
 * @module
 */
import { TOOL_FIELDS } from "./tool-document.js";

/** The number of indexed fields; a (term, field) pair's key is `term · FIELD_COUNT + field`. */
export const FIELD_COUNT = TOOL_FIELDS.length;
/** A posting packs the document id and the term's count in the field (≤ 512, the largest field cap). */
export const COUNT_RANGE = 1024;
/** `posting >> COUNT_BITS` is its document, `posting & (COUNT_RANGE − 1)` its count (postings are ≥ 0). */
export const COUNT_BITS = 10;

/** One (term, field) pair's postings, read by index. */
export type PostingList = ArrayLike<number>;

/** Every (term, field) pair's postings, keyed by term id and field index. */
export class Postings {
  private lists: (number[] | Int32Array | undefined)[] = [];
  private postingCount = 0;
  /**
   * Postings read from an index snapshot, flat: a list is checked when first read (a first search
   * reads a few hundred lists of 100 000) and then kept as a view of `flat`, made an array only when
   * changed, and all of them before a removal.
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
    postings.lists = new Array<number[] | Int32Array | undefined>(offsets.length - 1).fill(undefined);
    postings.postingCount = flat.length;
    return postings;
  }

  /** The postings of term `termId` in field `field`, or undefined when there are none. */
  list(termId: number, field: number): PostingList | undefined {
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
      const list = this.peek(key) ?? [];
      for (let i = 0; i < list.length; i++) {
        const posting = list[i] as number;
        const id = keep(Math.floor(posting / COUNT_RANGE));
        if (id >= 0) postings.push(id * COUNT_RANGE + (posting % COUNT_RANGE));
      }
    }
    offsets[keyCount] = postings.length;
    return { offsets, postings: Int32Array.from(postings) };
  }

  /** List `key` (a snapshot's is checked and made an array). */
  private peek(key: number): PostingList | undefined {
    const list = this.lists[key];
    if (list || !this.base) return list;
    return this.fromBase(key);
  }

  /**
   * Snapshot list `key`, checked: a view of the snapshot when every posting is sound (a first search
   * reads thousands: no copy, no call per posting), else an array of the sound ones; undefined when
   * it has none.
   */
  private fromBase(key: number): number[] | Int32Array | undefined {
    const { offsets, flat, documents } = this.base as NonNullable<Postings["base"]>;
    if (key + 1 >= offsets.length) return undefined;
    const limit = documents * COUNT_RANGE;
    const start = offsets[key] as number;
    const end = offsets[key + 1] as number;
    let sound = 0;
    for (let i = start; i < end; i++) {
      const posting = flat[i] as number;
      if (posting >= 0 && posting < limit && (posting & (COUNT_RANGE - 1)) !== 0) sound++;
    }
    if (sound === 0) return undefined;
    let list: number[] | Int32Array;
    if (sound === end - start) list = flat.subarray(start, end);
    else {
      list = [];
      for (let i = start; i < end; i++) {
        const posting = flat[i] as number;
        if (posting >= 0 && posting < limit && (posting & (COUNT_RANGE - 1)) !== 0) list.push(posting);
      }
    }
    this.lists[key] = list;
    return list;
  }

  /** Makes every snapshot list an array, so that lists can be emptied or moved. */
  private settle(): void {
    if (!this.base) return;
    for (let key = 0; key < this.lists.length; key++) {
      const list = this.lists[key] ?? this.fromBase(key);
      if (list instanceof Int32Array) this.lists[key] = Array.from(list);
    }
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
    const list = this.list(termId, field);
    if (list instanceof Int32Array) this.lists[key] = [...list, posting];
    else if (list) (list as number[]).push(posting);
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
      const list = this.lists[key] as number[] | undefined; // an array: settled above
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
    const lists: (number[] | Int32Array | undefined)[] = new Array(termCount * FIELD_COUNT).fill(undefined);
    newIds.forEach((newId, oldId) => {
      if (newId < 0) return;
      for (let field = 0; field < FIELD_COUNT; field++) {
        lists[newId * FIELD_COUNT + field] = this.lists[oldId * FIELD_COUNT + field];
      }
    });
    this.lists = lists;
  }
}
