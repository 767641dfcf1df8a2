/**
 * The public types of tool search and deferred loading (`searchTools`, `deferLoading`).
 * @module
 */

/**
 * Whether adapters offer tools directly or behind a search (`mcp_search_tools` / `mcp_load_tools`):
 * `false` offers every tool, `true` defers every tool, `{ threshold: N }` defers them when the source
 * holds more than N tools. A server entry's `defer` overrides it for that server's tools.
 */
export interface DeferLoading {
  /** The switch: `false` defers nothing (an adapter's own over the source's, say). @default true once given */
  readonly enabled?: boolean | undefined;
  /** Defer only when the source holds more than this many tools. @default none: every tool is deferred */
  readonly threshold?: number | undefined;
}

/** Options of `McpSource.searchTools`. */
export interface ToolSearchOptions {
  /** The most hits returned, an integer from 1 to 100. @default 10 */
  limit?: number | undefined;
  /** Only these servers' tools (configured names). @default every server */
  servers?: readonly string[] | undefined;
}

/** One ranked hit of `McpSource.searchTools`, best first. */
export interface ToolSearchHit {
  /** The model-facing name, e.g. `mcp__github__create_issue`. */
  name: string;
  server: string;
  rawName: string;
  title?: string | undefined;
  description: string;
  /** The relevance score, higher is better; comparable only within one search. */
  score: number;
}
