/**
 * The documents of tool search: a small integer id per indexed tool object, its place in the
 * source's order (ties rank in it), and its field lengths (BM25's length norm), with running totals
 * per field for the average. Ids of removed tools are reused once their postings are gone.
 * @module
 */
import type { McpTool } from "../types.js";
import { FIELD_COUNT } from "./postings.js";

/** Tool ↔ document id, positions and field lengths. */
export class DocumentTable {
  private tools: (McpTool | undefined)[] = [];
  /**
   * Tool → id, made on first use: a restored table in step with the generation answers a first
   * search without it (10 000 entries of a map, cold, were a tenth of that search).
   */
  private idMap: Map<McpTool, number> | undefined = new Map();
  /** Documents held (the map's size, kept without the map). */
  private held = 0;
  private lengths = new Uint16Array(64 * FIELD_COUNT);
  private positions = new Int32Array(64);
  private readonly totals = new Float64Array(FIELD_COUNT);
  private readonly freeIds: number[] = [];

  /**
   * A table of `tools` (ids are their places; the table keeps the array) with their field lengths
   * and, per field, the lengths' sum, as an index snapshot holds them (checked by its decoder, which
   * sums them as it checks). Positions are set by the next sync.
   */
  static restored(tools: McpTool[], lengths: Uint16Array, totals: Float64Array): DocumentTable {
    const table = new DocumentTable();
    table.grow(tools.length);
    table.lengths.set(lengths.subarray(0, tools.length * FIELD_COUNT));
    table.tools = tools;
    table.idMap = undefined;
    table.held = tools.length;
    table.totals.set(totals.subarray(0, FIELD_COUNT));
    return table;
  }

  /**
   * When `tools` are exactly the documents, in id order (a snapshot restored for the current
   * generation), places each at its id and answers true: the sync a search would make finds nothing
   * to add or remove and these positions.
   */
  adoptOrder(tools: readonly McpTool[]): boolean {
    if (tools.length !== this.tools.length || this.held !== tools.length) return false;
    // One loop, placing as it compares: on a miss the sync sets every position anyway.
    const { positions, tools: own } = this;
    for (let id = 0; id < tools.length; id++) {
      if (own[id] !== tools[id]) return false;
      positions[id] = id;
    }
    return true;
  }

  /** Documents held now. */
  get count(): number {
    return this.held;
  }

  /** One more than the largest id in use: the size score arrays need. */
  get capacity(): number {
    return this.tools.length;
  }

  /** The document id of `tool`, or undefined when it is not indexed. */
  idOf(tool: McpTool): number | undefined {
    return this.ids.get(tool);
  }

  /** The tool of document `id`. */
  tool(id: number): McpTool | undefined {
    return this.tools[id];
  }

  /** The indexed tools and their ids. */
  entries(): IterableIterator<[McpTool, number]> {
    return this.ids.entries();
  }

  /**
   * Every document's field lengths, `id · FIELD_COUNT + field` (what {@link length} reads), for loops
   * that read many: valid until the next {@link add}.
   */
  get fieldLengths(): Uint16Array {
    return this.lengths;
  }

  /** The number of distinct terms in field `field` of document `id` (1 when it has none). */
  length(id: number, field: number): number {
    return this.lengths[id * FIELD_COUNT + field] as number;
  }

  /** The average of {@link length} over the documents held. */
  averageLength(field: number): number {
    return this.held === 0 ? 0 : (this.totals[field] as number) / this.held;
  }

  /** The tool's place in the source's order. */
  position(id: number): number {
    return this.positions[id] as number;
  }

  setPosition(id: number, position: number): void {
    this.positions[id] = position;
  }

  /**
   * Adds `tool` with its fields' distinct-term counts; returns its id, perhaps a removed tool's: the
   * caller drops a removed tool's postings before it adds another.
   */
  add(tool: McpTool, fieldLengths: readonly number[]): number {
    const id = this.freeIds.pop() ?? this.tools.length;
    if (id === this.tools.length) this.tools.push(tool);
    else this.tools[id] = tool;
    this.ids.set(tool, id);
    this.held++;
    this.grow(id + 1);
    for (let field = 0; field < FIELD_COUNT; field++) {
      const length = Math.max(1, fieldLengths[field] ?? 0);
      this.lengths[id * FIELD_COUNT + field] = length;
      this.totals[field] = (this.totals[field] as number) + length;
    }
    return id;
  }

  /** Removes `tool`'s document; its id is free once the caller has dropped its postings. */
  remove(tool: McpTool): number | undefined {
    const id = this.ids.get(tool);
    if (id === undefined) return undefined;
    this.ids.delete(tool);
    this.held--;
    this.tools[id] = undefined;
    for (let field = 0; field < FIELD_COUNT; field++) {
      this.totals[field] = (this.totals[field] as number) - this.length(id, field);
    }
    this.freeIds.push(id);
    return id;
  }

  private get ids(): Map<McpTool, number> {
    if (!this.idMap) {
      this.idMap = new Map();
      this.tools.forEach((tool, id) => {
        if (tool) this.idMap?.set(tool, id);
      });
    }
    return this.idMap;
  }

  private grow(size: number): void {
    if (size <= this.positions.length) return;
    const capacity = Math.max(size, this.positions.length * 2);
    const lengths = new Uint16Array(capacity * FIELD_COUNT);
    lengths.set(this.lengths);
    this.lengths = lengths;
    const positions = new Int32Array(capacity);
    positions.set(this.positions);
    this.positions = positions;
  }
}
