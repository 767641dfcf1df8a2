/**
 * Listings a shared store pushes (another process listed a server anew): each one for a lazy
 * server of this source that is not running becomes its tools, without starting it.
 * @module
 */

import type { Connection } from "../connection/connection.js";
import { errorMessage } from "../errors.js";
import type { ToolCacheStore } from "../tool-cache/tool-cache-store.js";
import type { LazyListing } from "./lazy-listing.js";
import { offerCachedListing } from "./prepare-lazy-server.js";

/** A lazy server and its listing cache. */
export interface LazyServer {
  connection: Connection;
  cache: LazyListing | undefined;
}

/**
 * Subscribes to `store`'s pushes when it can push and there is a cached lazy server; returns the
 * unsubscribe (a no-op otherwise). A running or starting server ignores pushes: its own session is
 * the truth, and it lists again on every start.
 */
export function followCachePushes(
  store: ToolCacheStore | undefined,
  servers: readonly LazyServer[],
  warn: (message: string) => void,
): () => void {
  const byKey = new Map<string, LazyServer[]>();
  for (const server of servers) {
    if (!server.cache) continue;
    const same = byKey.get(server.cache.key) ?? [];
    same.push(server);
    byKey.set(server.cache.key, same);
  }
  if (!store?.subscribe || byKey.size === 0) return () => {};
  const onPush = (key: string, entry: unknown) => {
    const candidates = byKey.get(key);
    if (!candidates) return;
    // Two servers with one config share a key; the entry names the one it is for.
    const named = (entry as { server?: unknown } | null)?.server;
    const own = candidates.filter((s) => s.connection.config.name === named);
    for (const { connection, cache } of own.length > 0 ? own : candidates) {
      if (connection.state !== "stopped") continue;
      const listing = cache?.adoptPushed(entry);
      if (listing) offerCachedListing(connection, listing, "push");
    }
  };
  try {
    const unsubscribe = store.subscribe((key, entry) => {
      try {
        onPush(key, entry);
      } catch (error) {
        warn(`A pushed tool cache entry could not be applied: ${errorMessage(error)}`);
      }
    });
    return typeof unsubscribe === "function" ? unsubscribe : () => {};
  } catch (error) {
    warn(
      `The tool cache's subscribe failed; listings of other processes will not reach this one: ${errorMessage(error)}`,
    );
    return () => {};
  }
}
