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

  /** The postings of term `termId` in field `field`, or undefined when there are none. */
  list(termId: number, field: number): readonly number[] | undefined {
    return this.lists[termId * FIELD_COUNT + field];
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
    const list = this.lists[key];
    if (list) list.push(posting);
    else this.lists[key] = [posting];
    this.postingCount++;
  }

  /**
   * Drops every posting of the documents `removed` marks (1), in one pass over all lists: removals
   * come in batches (a server's refresh), and one pass is cheaper than a search per document.
   */
  removeDocuments(removed: Uint8Array): void {
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
    const start = termId * FIELD_COUNT;
    for (let field = 0; field < FIELD_COUNT; field++) if (this.lists[start + field]) return true;
    return false;
  }

  /** Moves every list to its term's new id (`newIds[old]`, −1: the term is gone and had none). */
  renumber(newIds: Int32Array, termCount: number): void {
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
