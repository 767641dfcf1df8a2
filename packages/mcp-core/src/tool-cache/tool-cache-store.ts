import type { PriorDiscovery, Tool } from "@modelcontextprotocol/client";
import type { CatalogListing } from "../catalog-types.js";

/** One cached listing. The format is shared across ports (SPEC.md, Lazy start). */
export interface ToolCacheEntry {
  version: 1;
  server: string;
  /** The config fingerprint this listing belongs to. */
  fingerprint: string;
  /** ISO time of the listing. */
  savedAt: string;
  /** The raw tool definitions as the server listed them (after dropping malformed ones). */
  tools: Tool[];
  /**
   * The protocol era the server negotiated when it was listed: a later connect adopts it and sends
   * no `server/discover`. `prior` is `{ kind: "legacy" }` or `{ kind: "modern", discover }` with the
   * server's `server/discover` result. Absent in entries written before eras were cached.
   */
  protocol?: { version: string | undefined; prior: PriorDiscovery };
  /** The server's instructions when it gave any (redacted, bounded). Absent in older entries. */
  instructions?: string;
  /**
   * The server's resources, resource templates and prompts as last listed (without `server`),
   * shown by `source.resources()` & co. before the server starts. Absent in entries written before
   * they were cached, or before the server's catalog was first listed; an invalid item makes the
   * whole array read as absent.
   */
  resources?: CatalogListing["resources"];
  resourceTemplates?: CatalogListing["resourceTemplates"];
  prompts?: CatalogListing["prompts"];
}

/**
 * Called by a store that can push with an entry some writer (this process or another) stored under
 * `key`. The value is untrusted: the source validates it as it validates a read.
 */
export type ToolCacheListener = (key: string, entry: ToolCacheEntry) => void;

/**
 * Where listings of lazy servers are kept between runs. Keys are config fingerprints (hex).
 * `get` returns undefined on a miss; a store must never throw for a corrupt entry. A store may
 * reject `get` to refuse an entry it cannot trust: the source treats that as a miss and reports the
 * rejection's message as a warning.
 */
export interface ToolCacheStore {
  get(key: string): Promise<ToolCacheEntry | undefined> | ToolCacheEntry | undefined;
  set(key: string, entry: ToolCacheEntry): Promise<void> | void;
  /**
   * Optional, for a store shared by several processes (e.g. on Redis): calls `listener` with every
   * entry written under any key — by this process or another — from now until the returned function
   * is called. A source subscribes once at load and unsubscribes in `close()`; an entry for one of
   * its lazy servers that is not running replaces that server's tools without starting it.
   */
  subscribe?(listener: ToolCacheListener): () => void;
}
