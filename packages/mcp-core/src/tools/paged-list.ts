/**
 * Fetches a whole paginated listing (`tools/list`, `resources/list`, `prompts/list`…) page by page,
 * tolerating malformed items: pages are parsed loosely and each item is validated on its own, so
 * one bad item is dropped with a warning instead of failing the page. Bounded: a page cap, a
 * repeated-cursor guard and, for the catalog, a cap on the items kept.
 * @module
 */
import type { Client } from "@modelcontextprotocol/client";
import { z } from "zod";
import type { ServerConfig } from "../config/server-config.js";
import { McpCoreError } from "../errors.js";
import type { SessionFacts } from "../tracing/mcp-attributes.js";
import { tracedRequest } from "../tracing/traced-request.js";

/** Where a listing's page requests are traced (SPEC §21.1): the server and its session. */
export interface ListingTrace {
  config: ServerConfig;
  session: SessionFacts;
}

/** A listing's options: the timeout of each page, the caller's signal, and its trace. */
export interface ListingOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  trace?: ListingTrace | undefined;
}

/** Pages read at most before a listing is rejected (a server looping over fresh cursors). */
export const MAX_PAGES = 1000;

/** What one kind of listing is made of. */
export interface PagedKind<T> {
  /** The request method, e.g. `"tools/list"`. */
  method: string;
  /** The result's array key, e.g. `"tools"`. */
  key: string;
  /** Plural noun for messages, e.g. `"tools"`. */
  noun: string;
  /** Validates one item; a reason drops it with a warning. */
  check(value: unknown): { item: T } | { reason: string };
  /** The item's identity (a name, a URI): two items with the same one are a duplicate. */
  idOf(item: T): string;
  /** A duplicate rejects the whole listing (tools), or is dropped with a warning. */
  duplicates: "reject" | "drop";
  /** Items kept at most; the rest are not fetched, and a warning says so. @default no limit */
  maxItems?: number;
}

/** A validated listing, and a warning for every item that was dropped. */
export interface PagedListing<T> {
  items: T[];
  warnings: string[];
}

function itemLabel(value: unknown, index: number): string {
  const record = value as { name?: unknown; uri?: unknown } | null;
  const name = record?.name ?? record?.uri;
  return typeof name === "string" ? `"${name.slice(0, 200)}"` : `#${index}`;
}

/** Lists every page; rejects on a repeated cursor, too many pages, or (when asked) duplicates. */
export async function listPaged<T>(
  client: Client,
  server: string,
  kind: PagedKind<T>,
  options: ListingOptions,
): Promise<PagedListing<T>> {
  // The SDK adds an abort listener to the signal of every request and never removes it, so each
  // page gets its own controller and the caller's signal holds one listener for the whole listing.
  const outer = options.signal;
  let pageAbort: AbortController | undefined;
  const onAbort = () => pageAbort?.abort(outer?.reason);
  outer?.addEventListener("abort", onAbort, { once: true });
  try {
    return await listPages(client, server, kind, options, () => {
      pageAbort = new AbortController();
      if (outer?.aborted) pageAbort.abort(outer.reason);
      return pageAbort.signal;
    });
  } finally {
    outer?.removeEventListener("abort", onAbort);
  }
}

async function listPages<T>(
  client: Client,
  server: string,
  kind: PagedKind<T>,
  { timeoutMs, trace }: ListingOptions,
  pageSignal: () => AbortSignal,
): Promise<PagedListing<T>> {
  const schema = z.looseObject({ [kind.key]: z.array(z.unknown()), nextCursor: z.string().optional() });
  const items: T[] = [];
  const warnings: string[] = [];
  const seenCursors = new Set<string>();
  const seenIds = new Set<string>();
  const invalid = (message: string) =>
    new McpCoreError("LISTING_INVALID", `MCP server "${server}" ${message}`, { server });
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw invalid(`listed more than ${MAX_PAGES} pages of ${kind.noun}`);
    const request = { method: kind.method, params: cursor === undefined ? {} : { cursor } };
    const requestOptions = { timeout: timeoutMs, signal: pageSignal() };
    // Each page is one request, so one span (SPEC §21.1).
    const result = await (trace
      ? tracedRequest(trace.config, trace.session, request, requestOptions, (sent, sentOptions) =>
          client.request(sent, schema, sentOptions),
        )
      : client.request(request, schema, requestOptions));
    const values = result[kind.key] as unknown[];
    for (const [index, value] of values.entries()) {
      const checked = kind.check(value);
      if ("reason" in checked) {
        const noun = kind.noun.replace(/s$/, "");
        warnings.push(
          `MCP server "${server}": dropped malformed ${noun} ${itemLabel(value, index)} (${checked.reason})`,
        );
        continue;
      }
      const id = kind.idOf(checked.item);
      if (seenIds.has(id)) {
        if (kind.duplicates === "reject") {
          throw invalid(
            `listed the ${kind.noun.replace(/s$/, "")} name "${id}" twice; its listing was rejected`,
          );
        }
        warnings.push(
          `MCP server "${server}": dropped a second ${kind.noun.replace(/s$/, "")} "${id.slice(0, 200)}"`,
        );
        continue;
      }
      if (kind.maxItems !== undefined && items.length >= kind.maxItems) {
        warnings.push(
          `MCP server "${server}" lists more than ${kind.maxItems} ${kind.noun}; only the first ${kind.maxItems} are kept`,
        );
        return { items, warnings };
      }
      seenIds.add(id);
      items.push(checked.item);
    }
    cursor = result.nextCursor as string | undefined;
    if (cursor === undefined) return { items, warnings };
    if (seenCursors.has(cursor)) throw invalid(`repeated a pagination cursor while listing ${kind.noun}`);
    seenCursors.add(cursor);
  }
}
