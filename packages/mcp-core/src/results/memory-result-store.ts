/**
 * The default `ResultStore`: kept results in this process's memory, bounded in bytes (the least
 * recently used dropped first) and each for its TTL. One sweep timer, unref'd and started only while
 * something is kept, drops what expired; `close()` clears it and the entries.
 * @module
 */
import type { ResultStore } from "./result-store.js";

/** The default bound of a memory store: 64 MiB. */
export const DEFAULT_MEMORY_RESULT_STORE_BYTES = 64 * 1024 * 1024;
/** How often a memory store drops what expired (a `get` of an expired handle answers undefined at once). */
const SWEEP_MS = 60_000;

/** Options of {@link memoryResultStore}. */
export interface MemoryResultStoreOptions {
  /**
   * The most bytes kept, counted as 2 per UTF-16 code unit (what a string may take in the heap).
   * @default 67108864 (64 MiB)
   */
  maxBytes?: number | undefined;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** The bytes a kept value is counted for: two per code unit, the most V8 spends on a string. */
function sizeOf(value: string): number {
  return value.length * 2;
}

/**
 * A `ResultStore` in memory: an LRU bound in bytes and a TTL per value.
 * @throws RangeError when `maxBytes` is not a positive integer
 */
export function memoryResultStore(options: MemoryResultStoreOptions = {}): ResultStore {
  const maxBytes = options.maxBytes ?? DEFAULT_MEMORY_RESULT_STORE_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
    throw new RangeError("memoryResultStore: maxBytes must be a positive integer");
  }
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let sweep: ReturnType<typeof setInterval> | undefined;

  const drop = (handle: string, entry: Entry): void => {
    entries.delete(handle);
    bytes -= sizeOf(entry.value);
    if (entries.size === 0 && sweep !== undefined) {
      clearInterval(sweep);
      sweep = undefined;
    }
  };
  const dropExpired = (): void => {
    const now = Date.now();
    for (const [handle, entry] of entries) if (entry.expiresAt <= now) drop(handle, entry);
  };

  return {
    put(handle, value, ttlMs) {
      const old = entries.get(handle);
      if (old !== undefined) drop(handle, old);
      const size = sizeOf(value);
      if (size > maxBytes || !(ttlMs > 0)) return Promise.resolve();
      for (const [oldest, entry] of entries) {
        if (bytes + size <= maxBytes) break;
        drop(oldest, entry);
      }
      entries.set(handle, { value, expiresAt: Date.now() + ttlMs });
      bytes += size;
      if (sweep === undefined) {
        sweep = setInterval(dropExpired, SWEEP_MS);
        sweep.unref?.();
      }
      return Promise.resolve();
    },
    get(handle) {
      const entry = entries.get(handle);
      if (entry === undefined) return Promise.resolve(undefined);
      if (entry.expiresAt <= Date.now()) {
        drop(handle, entry);
        return Promise.resolve(undefined);
      }
      entries.delete(handle);
      entries.set(handle, entry);
      return Promise.resolve(entry.value);
    },
    close() {
      if (sweep !== undefined) clearInterval(sweep);
      sweep = undefined;
      entries.clear();
      bytes = 0;
      return Promise.resolve();
    },
  };
}
