/**
 * Validation of `searchTools`' arguments: a malformed one is an `OPTIONS_INVALID` error naming it.
 * @module
 */

import { McpCoreError } from "../errors.js";
import { invalidOption } from "../option-error.js";
import type { ToolSearchOptions } from "../types.js";

/** The default and the largest `limit`. */
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;
/** A longer query is cut here: ranking needs no more, and a model may send a page of text. */
export const MAX_QUERY_CHARS = 1000;

/** The arguments after validation. */
export interface SearchRequest {
  query: string;
  limit: number;
  /** undefined: every server. */
  servers: ReadonlySet<string> | undefined;
}

/** Validates a search; `configured` is every server name of the config. */
export function searchRequest(
  query: unknown,
  options: ToolSearchOptions | undefined,
  configured: readonly string[],
): SearchRequest {
  const entry = "searchTools";
  if (typeof query !== "string") invalidOption(entry, "query", "a string", query);
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    invalidOption(entry, "options", "an object", options);
  }
  const limit = options?.limit ?? DEFAULT_SEARCH_LIMIT;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    invalidOption(entry, "limit", `an integer from 1 to ${MAX_SEARCH_LIMIT}`, limit);
  }
  const wanted = options?.servers;
  if (wanted !== undefined && (!Array.isArray(wanted) || wanted.some((s) => typeof s !== "string"))) {
    invalidOption(entry, "servers", "an array of server names", wanted);
  }
  for (const server of wanted ?? []) {
    if (!configured.includes(server)) {
      throw new McpCoreError("SERVER_UNKNOWN", `No MCP server named "${server}" is configured`, { server });
    }
  }
  return {
    query: query.slice(0, MAX_QUERY_CHARS),
    limit,
    servers: wanted === undefined ? undefined : new Set(wanted),
  };
}
