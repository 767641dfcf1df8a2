/**
 * Builds the search index as listings arrive: when a server's tools change, its new tools are
 * analysed and indexed then, in the swap's turn, so the first search over a big catalog finds the
 * index built instead of analysing every tool itself (SPEC §15.1 "Incremental"). Removed tools
 * leave the index on the next search.
 * @module
 */
import type { McpTool } from "../types.js";
import type { ToolSearchIndex } from "./tool-search-index.js";

/** Feeds each changed server's current tools to the index. */
export class SearchWarmer {
  private stopped = false;

  /**
   * @param index the source's index (made on first use)
   * @param toolsOf a server's current tools
   */
  constructor(
    private readonly index: () => ToolSearchIndex,
    private readonly toolsOf: (server: string) => readonly McpTool[],
  ) {}

  /**
   * Indexes `server`'s tools not indexed yet. Now rather than on a later turn: a load swaps its
   * servers in at its own pace, and a search right after it must not find the work still queued.
   */
  toolsChanged(server: string): void {
    if (!this.stopped) this.index().prepare(this.toolsOf(server));
  }

  /** Stops indexing (the source is closing). */
  stop(): void {
    this.stopped = true;
  }
}
