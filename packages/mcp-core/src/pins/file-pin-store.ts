/**
 * The default pin store: one JSON file per pin key in a `pins` directory beside the listing cache,
 * written and read as the listing cache's files are (atomic writes, mode 0600 in a 0700 directory;
 * a file or directory someone else could have written is refused — its pins would decide what
 * reaches the model).
 * @module
 */
import { dirname, join } from "node:path";
import { trustedJsonDir } from "../fs/trusted-json-dir.js";
import { defaultCacheDir } from "../tool-cache/file-tool-cache.js";
import { isPinEntry, type PinStore } from "./pin-entry.js";

/** Largest pin file read or written, in bytes (a pin is under 1 KiB; 10 000 tools fit). */
export const DEFAULT_MAX_PIN_ENTRY_BYTES = 16 * 1024 * 1024;

/**
 * `$TOOLNEXUS_MCP_PIN_DIR`; else `pins` beside the listing cache's directory: inside
 * `$TOOLNEXUS_MCP_CACHE_DIR` when that is set, else `toolnexus-mcp/pins` in the user cache directory.
 */
export function defaultPinDir(env: Record<string, string | undefined> = process.env): string {
  if (env.TOOLNEXUS_MCP_PIN_DIR) return env.TOOLNEXUS_MCP_PIN_DIR;
  if (env.TOOLNEXUS_MCP_CACHE_DIR) return join(env.TOOLNEXUS_MCP_CACHE_DIR, "pins");
  return join(dirname(defaultCacheDir(env)), "pins");
}

/**
 * A file-backed `PinStore` in `dir` (default `defaultPinDir()`). A refused file or directory
 * rejects `get` once per path (the source warns; the server then has no pins), later reads are
 * misses; a corrupt or foreign file is a miss.
 */
export function filePinStore(
  dir: string = defaultPinDir(),
  maxEntryBytes = DEFAULT_MAX_PIN_ENTRY_BYTES,
): PinStore {
  const files = trustedJsonDir(dir, maxEntryBytes, "pin");
  return {
    async get(key) {
      const parsed = await files.read(key);
      return isPinEntry(parsed, key) ? parsed : undefined;
    },
    async set(key, entry) {
      const text = `${JSON.stringify(entry)}\n`;
      if (Buffer.byteLength(text) > maxEntryBytes) {
        throw new Error(`the pins take more than the limit of ${maxEntryBytes} bytes`);
      }
      await files.write(key, text);
    },
  };
}
