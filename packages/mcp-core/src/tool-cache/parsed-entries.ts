/**
 * Stores whose `get` hands over what `JSON.parse` made just now, with nothing in between: a tree
 * in which no object is reached twice. The cheap check of a cached tool (`lazy/plain-tool.ts`)
 * then needs no set of the objects it has seen, which it otherwise keeps so a host's store cannot
 * make it walk a shared or cyclic graph. Not part of the `ToolCacheStore` interface: a store made
 * by `fileToolCache` is registered here; any other (Redis, a host's own, a wrapper around a file
 * store) keeps the set.
 * @module
 */
import type { ToolCacheStore } from "./tool-cache-store.js";

const registered = new WeakSet<ToolCacheStore>();

/** Marks `store` as one whose entries are fresh parses (called by `fileToolCache`). */
export function registerParsedEntries(store: ToolCacheStore): void {
  registered.add(store);
}

/** Whether every entry `store.get` returns was parsed from JSON text for that call alone. */
export function returnsParsedEntries(store: ToolCacheStore): boolean {
  return registered.has(store);
}
