/**
 * A lazy server at load: its tools from the listing cache, or — on a miss, or with no cache — one
 * background discovery (connect → list → stop) the load does not wait for.
 * @module
 */
import { errorMessage } from "../errors.js";
import type { Connection } from "../lifecycle/connection.js";
import type { LazyListing } from "./lazy-listing.js";

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
    if (cached.protocol) connection.adoptProtocol(cached.protocol);
    connection.adoptInstructions(cached.instructions);
    connection.listing.offer(cached.tools, "cache");
    return { discovery: undefined };
  }
  const discovery = connection.discover().then(
    async (tools) => {
      // Offering writes the cache (through onListing); the discovery ends when the write has.
      connection.listing.offer(tools, "discovery");
      await cache?.flushed();
    },
    (error: unknown) =>
      warn(`MCP server "${connection.config.name}": tool discovery failed: ${errorMessage(error)}`),
  );
  return { discovery };
}
