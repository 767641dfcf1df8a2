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
import type { SearchRequest } from "./search-options.js";
import type { ToolSearchIndex } from "./tool-search-index.js";

/** What the source's search needs of the source. */
export interface SourceSearchParts {
  /** Makes the index (its module is loaded by `loadMcp`). */
  newIndex: () => ToolSearchIndex;
  /** Every server's current tools, in the source's order. */
  tools: () => readonly McpTool[];
  /** A server's current tools. */
  toolsOf: (server: string) => readonly McpTool[];
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
    if (this.warming && !this.stopped) this.indexNow().prepare(this.parts.toolsOf(server));
  }

  /** Ranks the current tools; from now on every listing is indexed as it arrives. */
  search(request: SearchRequest): ToolSearchHit[] {
    this.warming = true;
    return this.indexNow().search(this.parts.tools(), request);
  }

  /** Stops indexing (the source is closing). */
  stop(): void {
    this.stopped = true;
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
