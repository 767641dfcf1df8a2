/**
 * A `ResultStore` in files, for one machine: one file per handle (result-file.ts: named by the
 * handle's SHA-256, so a handle the model sends back never names another path), mode 0600 in a
 * 0700 directory, replaced atomically; the whole directory is bounded in bytes, what was used least
 * recently dropped first, and each entry has a TTL. Kept results are what tools answered, so they
 * get the token store's protection, not encryption: a file is read only when it passes the same
 * trust checks (a file someone else could have written would put their text in the model's
 * context). Every method resolves; a refusal or a fault is told to `onWarning`, never a value.
 * @module
 */
import { lstat, mkdir, rm, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { McpCoreError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { directoryRefusal, readTrustedFile } from "../fs/trusted-file.js";
import { defaultCacheDir } from "../tool-cache/file-tool-cache.js";
import { handleDigest, listResultFiles, type ResultFile, resultFileName } from "./result-file.js";
import type { ResultStore } from "./result-store.js";

/** Default of {@link FileResultStoreOptions.maxBytes}. */
export const DEFAULT_MAX_RESULT_STORE_BYTES = 256 * 1024 * 1024;
/** Default of {@link FileResultStoreOptions.maxEntryBytes}. */
export const DEFAULT_MAX_RESULT_ENTRY_BYTES = 16 * 1024 * 1024;

/** Options of {@link fileResultStore}. */
export interface FileResultStoreOptions {
  /**
   * The most bytes the kept values take together (UTF-8). A write that would pass it first drops
   * expired entries, then those used least recently. @default 256 MiB
   */
  maxBytes?: number | undefined;
  /** The largest entry written or read, in bytes; a larger value is not kept. @default 16 MiB */
  maxEntryBytes?: number | undefined;
  /**
   * Told why a value was not kept or an entry not read (`RESULT_STORE_REFUSED`): a refused file or
   * directory (once per path), a value over the bound, a write that failed. Names a path and a
   * reason, never a value or a handle.
   */
  onWarning?: ((warning: McpCoreError) => void) | undefined;
}

/**
 * `$TOOLNEXUS_MCP_RESULT_DIR`, else `results` beside the listing cache's directory
 * (`defaultCacheDir()`: `~/.cache/toolnexus-mcp/results` on Linux).
 */
export function defaultResultDir(env: Record<string, string | undefined> = process.env): string {
  if (env.TOOLNEXUS_MCP_RESULT_DIR) return env.TOOLNEXUS_MCP_RESULT_DIR;
  return join(dirname(defaultCacheDir(env)), "results");
}

function byteCount(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isSafeInteger(resolved) || resolved < 1)
    throw new TypeError(`fileResultStore: ${name} must be a positive whole number of bytes`);
  return resolved;
}

// Writers of one directory, in this process and in others, take turns: the sweep and the write
// after it are one step, so two writers never both count the room one of them then takes.
const LOCK_TIMING = { waitMs: 10_000, staleAfterMs: 30_000, guards: "result store" };

/**
 * A file-backed {@link ResultStore} in `dir` (default {@link defaultResultDir}), created with mode
 * 0700. On POSIX an entry is read only when it is a regular file (never a symbolic link) owned by
 * the current user and not writable by group or others, in a directory that passes the same owner
 * and mode test; a write into a directory that fails it keeps nothing. Shared safely by every
 * process using the directory. Throws a `TypeError` for a wrong option.
 */
export function fileResultStore(
  dir: string = defaultResultDir(),
  options: FileResultStoreOptions = {},
): ResultStore {
  const maxBytes = byteCount("maxBytes", options.maxBytes, DEFAULT_MAX_RESULT_STORE_BYTES);
  const maxEntryBytes = Math.min(
    maxBytes,
    byteCount("maxEntryBytes", options.maxEntryBytes, DEFAULT_MAX_RESULT_ENTRY_BYTES),
  );
  const lockFile = join(dir, "results.lock");
  const reported = new Set<string>();
  const warn = (message: string) => options.onWarning?.(new McpCoreError("RESULT_STORE_REFUSED", message));
  /** Reports a refused path once; what it ends keeps or reads nothing. */
  const refuse = (what: string, path: string, reason: string): undefined => {
    if (reported.has(path)) return undefined;
    reported.add(path);
    warn(`Refused the result store ${what} ${path}: it ${reason}`);
    return undefined;
  };
  const trustedDir = async (): Promise<boolean> => {
    const refusal = await directoryRefusal(dir);
    if (refusal === undefined) return true;
    if (refusal !== "missing") refuse("directory", dir, refusal);
    return false;
  };

  /** The files of `digest` (one, but for a writer that died between its removal and its write). */
  async function filesOf(digest: string): Promise<ResultFile[]> {
    return (await listResultFiles(dir)).filter((file) => file.digest === digest);
  }

  async function read(digest: string): Promise<string | undefined> {
    if (!(await trustedDir())) return undefined;
    const files = (await filesOf(digest)).sort((a, b) => b.expiresAt - a.expiresAt);
    const [file] = files;
    if (file === undefined) return undefined;
    if (file.expiresAt <= Date.now()) {
      // Removed now, not left for a write's sweep.
      await Promise.all(files.map((expired) => rm(join(dir, expired.name), { force: true })));
      return undefined;
    }
    const path = join(dir, file.name);
    const read = await readTrustedFile(path, maxEntryBytes);
    if (read.kind === "missing") return undefined; // dropped by a write meanwhile
    if (read.kind === "refused") return refuse("file", path, read.reason);
    // Its mtime is its last use: a read makes it the last an eviction drops.
    const now = new Date();
    await utimes(path, now, now).catch(() => {});
    return read.text;
  }

  /**
   * Under the lock: drops what `digest` held and every expired entry, then the entries used least
   * recently until `bytes` more fit in `maxBytes`, then writes the value. Only an eviction looks at
   * files (their mtimes); the rest is one listing of the directory.
   */
  async function write(digest: string, value: string, bytes: number, expiresAt: number): Promise<void> {
    const now = Date.now();
    const kept: ResultFile[] = [];
    let used = 0;
    for (const file of await listResultFiles(dir)) {
      if (file.digest === digest || file.expiresAt <= now) await rm(join(dir, file.name), { force: true });
      else {
        kept.push(file);
        used += file.bytes;
      }
    }
    if (used + bytes > maxBytes) {
      const byUse = await Promise.all(kept.map(async (file) => ({ file, usedAt: await lastUse(file.name) })));
      byUse.sort((a, b) => a.usedAt - b.usedAt);
      for (const { file } of byUse) {
        if (used + bytes <= maxBytes) break;
        await rm(join(dir, file.name), { force: true });
        used -= file.bytes;
      }
    }
    await writeFileAtomic(join(dir, resultFileName(digest, expiresAt, bytes)), value);
  }

  /** When the file `name` was last used (its mtime); 0 when it is gone, so it counts as the oldest. */
  async function lastUse(name: string): Promise<number> {
    return (await lstat(join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0;
  }

  async function put(handle: string, value: string, ttlMs: number): Promise<void> {
    const digest = handleDigest(handle);
    if (digest === undefined)
      return warn("Did not keep a result: its handle is not a string of at most 1024 characters");
    if (!(Number.isFinite(ttlMs) && ttlMs > 0)) return;
    const bytes = Buffer.byteLength(value, "utf8");
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (!(await trustedDir())) return;
    if (bytes > maxEntryBytes) {
      // What the handle held before is not its value any more.
      await Promise.all((await filesOf(digest)).map((file) => rm(join(dir, file.name), { force: true })));
      return warn(
        `Did not keep a result of ${bytes} bytes: the result store keeps at most ${maxEntryBytes} per entry`,
      );
    }
    await withFileLock(lockFile, LOCK_TIMING, () => write(digest, value, bytes, Date.now() + ttlMs));
  }

  return {
    async put(handle, value, ttlMs) {
      try {
        await put(handle, value, ttlMs);
      } catch (error) {
        const code =
          (error as NodeJS.ErrnoException).code ?? (error as McpCoreError).code ?? "an unknown error";
        warn(`Did not keep a result in the result store ${dir}: ${code}`);
      }
    },
    async get(handle) {
      const digest = handleDigest(handle);
      if (digest === undefined) return undefined;
      try {
        return await read(digest);
      } catch (error) {
        // An unreadable entry (EACCES, EIO…) is a miss; the code says why.
        const code = (error as NodeJS.ErrnoException).code ?? "an unknown error";
        return refuse("entry of", dir, `could not be read (${code})`);
      }
    },
    close: async () => {},
  };
}
