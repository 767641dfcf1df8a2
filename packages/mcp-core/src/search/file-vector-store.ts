/**
 * The file-backed tool vector store: one JSON file per (model, server) beside the listing cache,
 * with the listing cache's trust rules (a file someone else could have written is a miss).
 * @module
 */
import { join } from "node:path";
import { trustedJsonDir } from "../fs/trusted-json-dir.js";
import { defaultCacheDir } from "../tool-cache/file-tool-cache.js";
import type { ToolVectorEntry, ToolVectorStore } from "./embedder-types.js";

/** Largest vector file read or written: 10 000 vectors of 384 float32s are about 20 MiB of base64. */
export const DEFAULT_MAX_VECTOR_ENTRY_BYTES = 32 * 1024 * 1024;

/** `<default listing cache dir>/vectors`. */
export function defaultVectorDir(env: Record<string, string | undefined> = process.env): string {
  return join(defaultCacheDir(env), "vectors");
}

/**
 * A `ToolVectorStore` in `dir` (default {@link defaultVectorDir}), created with mode 0700; a file
 * is read only under the same owner and mode checks as `fileToolCache`'s. What it holds is
 * validated again by the search (dimensions, finite unit vectors).
 */
export function fileToolVectorStore(
  dir: string = defaultVectorDir(),
  maxEntryBytes = DEFAULT_MAX_VECTOR_ENTRY_BYTES,
): ToolVectorStore {
  const files = trustedJsonDir(dir, maxEntryBytes, "tool vector cache");
  return {
    async get(key) {
      return (await files.read(key)) as ToolVectorEntry | undefined;
    },
    async set(key, entry) {
      const text = `${JSON.stringify(entry)}\n`;
      if (Buffer.byteLength(text) > maxEntryBytes) {
        throw new Error(`the vectors take more than the limit of ${maxEntryBytes} bytes`);
      }
      await files.write(key, text);
    },
  };
}
