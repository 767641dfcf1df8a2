/**
 * Where a file listing cache keeps search index snapshots (SPEC §15.8): `<cache dir>/search-index/
 * <key>.bin`, one per source config, under the listing cache's trust rules (a regular file owned by
 * the user, not writable by group or others, in a directory that passes the same test; written
 * atomically, 0600 in a 0700 directory). Not part of the `ToolCacheStore` interface: a store made by
 * `fileToolCache` is registered here, and a source whose store is not (Redis, a host's own) keeps
 * no snapshot.
 * @module
 */
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { readTrustedBytesSync } from "../fs/trusted-file.js";
import type { ToolCacheStore } from "./tool-cache-store.js";

/** Reads and writes of snapshot files, by key (a hex digest). */
export interface IndexSnapshotFiles {
  /** The bytes of `key`'s snapshot, or undefined when missing, refused or larger than `maxBytes`. */
  read(key: string, maxBytes: number): Uint8Array | undefined;
  /** Replaces `key`'s snapshot. */
  write(key: string, bytes: Uint8Array): Promise<void>;
}

const registered = new WeakMap<ToolCacheStore, IndexSnapshotFiles>();

/** The snapshot files beside `store`'s listings, when `store` is a file listing cache. */
export function indexSnapshotFilesOf(
  store: ToolCacheStore | null | undefined,
): IndexSnapshotFiles | undefined {
  return store ? registered.get(store) : undefined;
}

/** Keeps snapshots in `<cacheDir>/search-index` for `store` (called by `fileToolCache`). */
export function registerIndexSnapshotFiles(store: ToolCacheStore, cacheDir: string): void {
  const dir = join(cacheDir, "search-index");
  const file = (key: string) => join(dir, `${key.replace(/[^A-Za-z0-9_-]/g, "_")}.bin`);
  registered.set(store, {
    read: (key, maxBytes) => readTrustedBytesSync(dir, file(key), maxBytes),
    async write(key, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(file(key), bytes);
    },
  });
}

/**
 * The snapshot of a source of `servers` (names in config order) beside `store`'s listings, or
 * undefined when `store` keeps none. One file per source config: sources of other configs sharing
 * the cache directory do not overwrite each other's.
 */
export function sourceIndexSnapshot(
  store: ToolCacheStore | null | undefined,
  servers: readonly string[],
): { read(maxBytes: number): Uint8Array | undefined; write(bytes: Uint8Array): Promise<void> } | undefined {
  const files = indexSnapshotFilesOf(store);
  if (!files) return undefined;
  const key = createHash("sha256").update(JSON.stringify(servers)).digest("hex");
  return { read: (maxBytes) => files.read(key, maxBytes), write: (bytes) => files.write(key, bytes) };
}
