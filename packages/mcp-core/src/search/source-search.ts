/**
 * Owns a source's search index and decides when tools are analysed into it (SPEC §15.1
 * "Incremental"). A host that never searches pays nothing: no index is made and no tool analysed.
 * Once the index is wanted — the source was searched once, or deferred loading is on so the
 * adapters' `mcp_search_tools` will search — each server's new tools are analysed when its listing
 * is swapped in, in the swap's turn, so no later search pays for a whole catalog. Before that, the
 * first search builds the index over the current tools. Removed tools leave on the next search.
 * @module
 */
import type { DeferLoading, McpTool, ToolSearchHit } from "../types.js";
import { isDeferring } from "./defer-loading.js";
import { decodeSnapshot, encodeSnapshot, MAX_SNAPSHOT_BYTES } from "./index-snapshot.js";
import type { SearchRequest } from "./search-options.js";
import type { ListingTokenOf } from "./snapshot-parts.js";
import type { ToolSearchIndex } from "./tool-search-index.js";

/** How long the index must be unchanged after a search before its snapshot is written. */
export const SNAPSHOT_QUIET_MS = 1000;

/** Where a source keeps its index snapshot (SPEC §15.8): a file beside the listing cache. */
export interface SnapshotStore {
  /** The snapshot's bytes (at most `maxBytes`), undefined when there is none or it is refused. */
  read(maxBytes: number): Uint8Array | undefined;
  write(bytes: Uint8Array): Promise<void>;
}

/** What the source's search needs of the source. */
export interface SourceSearchParts {
  /** Makes the index (its module is loaded by `loadMcp`). */
  newIndex: () => ToolSearchIndex;
  /** Every server's current tools, in the source's order. */
  tools: () => readonly McpTool[];
  /** A server's current tools. */
  toolsOf: (server: string) => readonly McpTool[];
  /** The listing token of a server's current tools, undefined when a server fetched them. */
  listingToken?: ListingTokenOf;
  /** Where the index snapshot is kept; none: the first search always builds. */
  snapshot?: SnapshotStore | undefined;
}

/**
 * True when the source's settings mean its tools will be searched without the host asking: the
 * `deferLoading` load option on (`{}` or a threshold), or a server entry with `defer: true`.
 * (An adapter's own `deferLoading` is not known to the source: its first search builds the index.)
 */
export function searchExpected(
  deferLoading: DeferLoading,
  entryDefers: readonly (boolean | undefined)[],
): boolean {
  return isDeferring(deferLoading) || entryDefers.includes(true);
}

/** A source's search index, made and kept up to date only once searching is wanted. */
export class SourceSearch {
  private index: ToolSearchIndex | undefined;
  private warming: boolean;
  private stopped = false;
  /** Whether the index was made by a search (only such an index is snapshotted). */
  private searched = false;
  /** The index's change count (added + removed) its snapshot on disk holds; −1: none known. */
  private savedChanges = -1;
  private writeTimer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  /**
   * @param parts how to make the index and read the source's tools
   * @param expected true to index listings as they arrive from the start (see {@link searchExpected})
   */
  constructor(
    private readonly parts: SourceSearchParts,
    expected: boolean,
  ) {
    this.warming = expected;
  }

  /** Whether listings are indexed as they arrive (tests and diagnostics). */
  get warmsAtSwap(): boolean {
    return this.warming;
  }

  /** The index's counters, or undefined while no index was made (tests and diagnostics). */
  get stats(): ToolSearchIndex["stats"] | undefined {
    return this.index?.stats;
  }

  /**
   * `server`'s tools changed: while searching is wanted, analyses its tools not indexed yet, now
   * rather than on a later turn — a load swaps its servers in at its own pace, and a search right
   * after it must not find the work still queued. Otherwise does nothing.
   */
  toolsChanged(server: string): void {
    if (!this.warming || this.stopped) return;
    this.indexNow().prepare(this.parts.toolsOf(server));
    this.snapshotLater();
  }

  /**
   * Ranks the current tools; from now on every listing is indexed as it arrives. The first search
   * of a source with no index starts from the snapshot when one fits (SPEC §15.8).
   */
  search(request: SearchRequest): ToolSearchHit[] {
    this.warming = true;
    if (!this.index) this.restore();
    this.searched = true;
    const hits = this.indexNow().search(this.parts.tools(), request);
    this.snapshotLater();
    return hits;
  }

  /**
   * Stops indexing (the source is closing); a snapshot still due is written now. Settles when it is
   * written (a failed write is a miss next time, not an error of `close()`).
   */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.writeTimer) {
      clearTimeout(this.writeTimer);
      this.writeTimer = undefined;
      this.writeSnapshot();
    }
    return this.writing;
  }

  /** Makes the index from the snapshot, when one is kept, valid and holds current tools. */
  private restore(): void {
    const { snapshot, listingToken } = this.parts;
    const index = this.indexNow();
    if (!snapshot || !listingToken) return;
    try {
      const bytes = snapshot.read(MAX_SNAPSHOT_BYTES);
      const parts = bytes && decodeSnapshot(bytes);
      if (parts && index.restore(parts, this.parts.toolsOf, listingToken, this.parts.tools()) > 0) {
        // What the snapshot holds: unchanged unless the sync adds or removes documents.
        this.savedChanges = this.changes();
      }
    } catch {
      // An unreadable snapshot is a miss: the search builds the index as without one.
    }
  }

  /** Writes the snapshot once the index has been quiet for a while, if it changed since the last. */
  private snapshotLater(): void {
    if (!this.parts.snapshot || !this.searched || this.stopped) return;
    if (this.changes() === this.savedChanges) return;
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      this.writeSnapshot();
    }, SNAPSHOT_QUIET_MS);
    this.writeTimer.unref?.();
  }

  private writeSnapshot(): void {
    const { snapshot, listingToken } = this.parts;
    const index = this.index;
    if (!snapshot || !listingToken || !index) return;
    const parts = index.snapshot(this.parts.tools(), listingToken);
    this.savedChanges = this.changes();
    if (!parts) return;
    const bytes = encodeSnapshot(parts);
    if (bytes.length > MAX_SNAPSHOT_BYTES) return;
    this.writing = this.writing.then(() => snapshot.write(bytes)).catch(() => undefined);
  }

  private changes(): number {
    const stats = this.index?.stats;
    return stats ? stats.added + stats.removed : 0;
  }

  private indexNow(): ToolSearchIndex {
    this.index ??= this.parts.newIndex();
    return this.index;
  }
}

/** Each source's search, for tests and diagnostics (not part of the package's surface). */
const searches = new WeakMap<object, SourceSearch>();

/** Records `source`'s search so {@link sourceSearchOf} can find it. */
export function trackSourceSearch(source: object, search: SourceSearch): void {
  searches.set(source, search);
}

/** The search of a source made by `loadMcp`, or undefined. */
export function sourceSearchOf(source: object): SourceSearch | undefined {
  return searches.get(source);
}
