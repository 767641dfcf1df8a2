/**
 * The default listing cache: one JSON file per fingerprint under the user cache directory.
 * Writes are atomic (temp file + rename); a corrupt or foreign file reads as a miss.
 * @module
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { ToolCacheEntry, ToolCacheStore } from "./tool-cache-store.js";

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

/** A file-backed `ToolCacheStore` in `dir` (default `defaultCacheDir()`). */
export function fileToolCache(dir: string = defaultCacheDir()): ToolCacheStore {
  const file = (key: string) => join(dir, `${key.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  return {
    async get(key) {
      try {
        const parsed: unknown = JSON.parse(await readFile(file(key), "utf8"));
        return isEntry(parsed, key) ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, entry) {
      await mkdir(dir, { recursive: true });
      const temp = `${file(key)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await writeFile(temp, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
        await rename(temp, file(key));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
  };
}
