/**
 * The default listing cache: one JSON file per fingerprint under the user cache directory.
 * Writes are atomic (temp file + rename); a corrupt or foreign file reads as a miss. A file or
 * directory someone else could have written is refused (a miss, reported once): its tool
 * descriptions would reach the model's first prompt.
 * @module
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { trustedJsonDir } from "../fs/trusted-json-dir.js";
import { registerIndexSnapshotFiles } from "./index-snapshot-files.js";
import { registerParsedEntries } from "./parsed-entries.js";
import type { ToolCacheEntry, ToolCacheStore } from "./tool-cache-store.js";

/** Largest cache file read or written, in bytes. */
export const DEFAULT_MAX_CACHE_ENTRY_BYTES = 16 * 1024 * 1024;
/** Most tools one cache entry may hold. */
export const DEFAULT_MAX_CACHE_TOOLS = 10_000;

/** Options of {@link fileToolCache}. */
export interface FileToolCacheOptions {
  /** Largest cache file read or written. @default 16 MiB */
  maxEntryBytes?: number | undefined;
  /** Most tools one entry may hold; a bigger entry is neither read nor written. @default 10 000 */
  maxTools?: number | undefined;
}

/** `$TOOLNEXUS_MCP_CACHE_DIR`, else the platform's user cache directory + `toolnexus-mcp/tools`. */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env.TOOLNEXUS_MCP_CACHE_DIR) return env.TOOLNEXUS_MCP_CACHE_DIR;
  const home = homedir();
  let base: string;
  if (process.platform === "win32") base = env.LOCALAPPDATA ?? join(home, "AppData", "Local");
  else if (process.platform === "darwin") base = join(home, "Library", "Caches");
  else base = env.XDG_CACHE_HOME || join(home, ".cache");
  return join(base, "toolnexus-mcp", "tools");
}

function isEntry(value: unknown, key: string): value is ToolCacheEntry {
  const entry = value as Partial<ToolCacheEntry> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    entry.version === 1 &&
    entry.fingerprint === key &&
    typeof entry.server === "string" &&
    Array.isArray(entry.tools)
  );
}

/**
 * A file-backed `ToolCacheStore` in `dir` (default `defaultCacheDir()`), created with mode 0700.
 * On POSIX a file is read only when it is a regular file (not a symbolic link or FIFO) owned by the
 * current user and not writable by group or others, in a directory that passes the same owner and
 * mode test; on Windows only the regular-file test applies. A refused file or directory is a miss,
 * reported once per store by a rejected `get` (the source turns it into a warning).
 */
export function fileToolCache(
  dir: string = defaultCacheDir(),
  options: FileToolCacheOptions = {},
): ToolCacheStore {
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_CACHE_ENTRY_BYTES;
  const maxTools = options.maxTools ?? DEFAULT_MAX_CACHE_TOOLS;
  const files = trustedJsonDir(dir, maxEntryBytes, "tool cache");
  const store: ToolCacheStore = {
    async get(key) {
      const parsed = await files.read(key);
      if (!isEntry(parsed, key)) return undefined;
      if (parsed.tools.length > maxTools) {
        return files.refuse(key, `holds ${parsed.tools.length} tools, more than the limit of ${maxTools}`);
      }
      return parsed;
    },
    async set(key, entry) {
      if (entry.tools.length > maxTools) {
        throw new Error(`the listing has ${entry.tools.length} tools, more than the limit of ${maxTools}`);
      }
      const text = `${JSON.stringify(entry)}\n`;
      if (Buffer.byteLength(text) > maxEntryBytes) {
        throw new Error(`the listing takes more than the limit of ${maxEntryBytes} bytes`);
      }
      await files.write(key, text);
    },
  };
  // The search index's snapshot lives beside the listings (SPEC §15.8).
  registerIndexSnapshotFiles(store, dir);
  // `get` returns `JSON.parse`'s tree as it came: the cheap tool check needs no seen-set for it.
  registerParsedEntries(store);
  return store;
}
