/**
 * A lazy server at load: its tools from the listing cache, or — on a miss, or with no cache — one
 * background discovery (connect → list → stop) the load does not wait for. An eager server at
 * load: the era its cache entry knows.
 * @module
 */

import type { Connection } from "../connection/connection.js";
import { errorMessage } from "../errors.js";
import type { CatalogListing } from "../resources/list-catalog.js";
import type { ListingOrigin } from "../tools/server-listing.js";
import type { CachedListing, LazyListing } from "./lazy-listing.js";

function toListing(catalog: Partial<CatalogListing>): CatalogListing {
  return { resources: [], resourceTemplates: [], prompts: [], ...catalog };
}

/** Makes a cached or pushed listing the server's tools, era, instructions and catalog. */
export function offerCachedListing(
  connection: Connection,
  cached: CachedListing,
  origin: Extract<ListingOrigin, "cache" | "push">,
): void {
  if (cached.protocol) connection.adoptProtocol(cached.protocol);
  connection.adoptInstructions(cached.instructions);
  connection.listing.offer(cached.tools, origin, cached.token);
  connection.catalog.offer(cached.catalog);
}

/**
 * An eager server's cached era, adopted before its first start so the start sends no probe; its
 * cached tools are not offered (the start lists them). A wrong verdict costs one failed open: the
 * start forgets it and negotiates again (SPEC §3.3.2), and the entry is rewritten with the new one.
 */
export async function adoptCachedEra(connection: Connection, cache: LazyListing): Promise<void> {
  const cached = await cache.read();
  if (cached?.protocol) connection.adoptProtocol(cached.protocol);
}

/**
 * Offers the cached tools; on a miss starts the background discovery and returns it (wrapped, so
 * awaiting the preparation does not await the discovery; close waits for it).
 */
export async function prepareLazyServer(
  connection: Connection,
  cache: LazyListing | undefined,
  warn: (message: string) => void,
): Promise<{ discovery: Promise<void> | undefined }> {
  const cached = await cache?.read();
  if (cached) {
    offerCachedListing(connection, cached, "cache");
    return { discovery: undefined };
  }
  const discovery = connection.discover().then(
    async ({ tools, catalog }) => {
      // Offering writes the cache (through onListing); the discovery ends when the write has.
      if (catalog) await cache?.saveCatalog(toListing(catalog));
      // A server that started meanwhile has listed its own catalog: the discovery's is older news.
      if (catalog && connection.state !== "running") connection.catalog.offer(catalog);
      connection.listing.offer(tools, "discovery");
      await cache?.flushed();
    },
    (error: unknown) =>
      warn(`MCP server "${connection.config.name}": tool discovery failed: ${errorMessage(error)}`),
  );
  return { discovery };
}
