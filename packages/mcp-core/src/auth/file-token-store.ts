/**
 * The default `TokenStore`: one JSON file per key under the user config directory, named by the
 * key's SHA-256, mode 0600 in a 0700 directory, replaced atomically. A file is read only when it
 * passes the trust checks of the tool cache (a token file someone else could write would hand a
 * request their credentials); a refused, corrupt or foreign file reads as a miss. The store never
 * logs: a refusal is reported through `onWarning`.
 * @module
 */
import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { McpCoreError } from "../errors.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { directoryRefusal, readTrustedFile } from "../fs/trusted-file.js";
import { isObject } from "../is-object.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "../timer-limit.js";
import { filePendingAuthorizations } from "./file-pending-authorizations.js";
import type { StoredAuth, TokenStore } from "./token-store.js";

/** Default of {@link FileTokenStoreOptions.lockWaitMs}. */
export const DEFAULT_TOKEN_LOCK_WAIT_MS = 10_000;
/** Default of {@link FileTokenStoreOptions.lockStaleAfterMs}. */
export const DEFAULT_TOKEN_LOCK_STALE_AFTER_MS = 30_000;
/** Default of {@link FileTokenStoreOptions.maxEntryBytes}. */
export const DEFAULT_MAX_TOKEN_ENTRY_BYTES = 256 * 1024;

/** Options of {@link fileTokenStore}. */
export interface FileTokenStoreOptions {
  /**
   * Longest `withLock` waits for the key's lock (behind calls of this process and of others), in
   * ms; then it rejects with `TOKEN_STORE_LOCK_TIMEOUT`. @default 10 000
   */
  lockWaitMs?: number | undefined;
  /**
   * A lock whose holder has not said it still holds it for this long, in ms, is taken as abandoned
   * and broken (a lock whose holder process on this machine has died is broken at once). A holder
   * rewrites its lock's time every third of this (at most every second) while `fn` runs, so a slow
   * `fn` keeps its lock; a lock time further than this in the future counts as stale too.
   * @default 30 000
   */
  lockStaleAfterMs?: number | undefined;
  /** Largest token file read or written, in bytes. @default 256 KiB */
  maxEntryBytes?: number | undefined;
  /**
   * Told, once per path, why a file or the directory was refused (`TOKEN_STORE_REFUSED`; the read
   * is a miss). The message names the path and the reason, never a value.
   */
  onWarning?: ((warning: McpCoreError) => void) | undefined;
}

/**
 * `$TOOLNEXUS_MCP_AUTH_DIR`, else the platform's user config directory + `toolnexus-mcp/auth`:
 * `$XDG_CONFIG_HOME` or `~/.config` on Linux, `~/Library/Application Support` on macOS,
 * `%APPDATA%` on Windows.
 */
export function defaultAuthDir(env: Record<string, string | undefined> = process.env): string {
  if (env.TOOLNEXUS_MCP_AUTH_DIR) return env.TOOLNEXUS_MCP_AUTH_DIR;
  const home = homedir();
  let base: string;
  if (process.platform === "win32") base = env.APPDATA || join(home, "AppData", "Roaming");
  else if (process.platform === "darwin") base = join(home, "Library", "Application Support");
  else base = env.XDG_CONFIG_HOME || join(home, ".config");
  return join(base, "toolnexus-mcp", "auth");
}

/** What a token file holds; the key is kept to tell a foreign file (or a hash collision) from ours. */
interface TokenFile {
  version: 1;
  key: string;
  auth: StoredAuth;
}

function isStoredAuth(value: unknown): value is StoredAuth {
  if (!isObject(value) || typeof value.savedAt !== "string") return false;
  const { client, tokens, expiresAt } = value;
  if (client !== undefined && !(isObject(client) && typeof client.client_id === "string")) return false;
  if (
    tokens !== undefined &&
    !(isObject(tokens) && typeof tokens.access_token === "string" && typeof tokens.token_type === "string")
  )
    return false;
  return expiresAt === undefined || (typeof expiresAt === "number" && Number.isFinite(expiresAt));
}

function isTokenFile(value: unknown, key: string): value is TokenFile {
  return isObject(value) && value.version === 1 && value.key === key && isStoredAuth(value.auth);
}

function duration(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isFinite(resolved) || resolved < 0 || resolved > MAX_TIMER_MS)
    throw new TypeError(`fileTokenStore: ${name} must be a number of ms from 0 to ${MAX_TIMER_EXPECTED}`);
  return resolved;
}

/**
 * A file-backed {@link TokenStore} in `dir` (default {@link defaultAuthDir}), created with mode 0700.
 * On POSIX a file is read only when it is a regular file (not a symbolic link or FIFO) owned by the
 * current user and not writable by group or others, in a directory that passes the same owner and
 * mode test; on Windows only the regular-file test applies. `set` refuses such a directory with a
 * `TOKEN_STORE_REFUSED` rejection rather than write secrets where others can replace them.
 * `withLock` is exclusive across this process and every process using the same directory on this
 * machine (a lock file `<hash>.lock` created with O_EXCL, its time rewritten while held); it is not
 * reentrant, and refuses a directory that `set` refuses. A begun authorization request is kept
 * beside the entries for 10 minutes (`file-pending-authorizations.ts`), for any process to complete.
 */
export function fileTokenStore(
  dir: string = defaultAuthDir(),
  options: FileTokenStoreOptions = {},
): TokenStore {
  const timing = {
    waitMs: duration("lockWaitMs", options.lockWaitMs, DEFAULT_TOKEN_LOCK_WAIT_MS),
    staleAfterMs: duration("lockStaleAfterMs", options.lockStaleAfterMs, DEFAULT_TOKEN_LOCK_STALE_AFTER_MS),
  };
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_TOKEN_ENTRY_BYTES;
  if (!Number.isSafeInteger(maxEntryBytes) || maxEntryBytes < 1)
    throw new TypeError("fileTokenStore: maxEntryBytes must be a positive whole number of bytes");
  const onWarning = options.onWarning;
  // The key holds a URL and a client (`<canonical server URL> <client>`): hashed, it is a safe file
  // name of fixed length.
  const base = (key: string) => join(dir, createHash("sha256").update(key).digest("hex"));
  const reported = new Set<string>();
  const refusal = (what: string, path: string, reason: string) =>
    new McpCoreError("TOKEN_STORE_REFUSED", `Refused the token store ${what} ${path}: it ${reason}`);
  /** Reports a refusal once per path; the read it ends is a miss. */
  const warn = (what: string, path: string, reason: string): undefined => {
    if (reported.has(path)) return undefined;
    reported.add(path);
    onWarning?.(refusal(what, path, reason));
    return undefined;
  };

  async function read(key: string): Promise<StoredAuth | undefined> {
    const dirRefusal = await directoryRefusal(dir);
    if (dirRefusal === "missing") return undefined;
    if (dirRefusal !== undefined) return warn("directory", dir, dirRefusal);
    const path = `${base(key)}.json`;
    const file = await readTrustedFile(path, maxEntryBytes);
    if (file.kind === "missing") return undefined;
    if (file.kind === "refused") return warn("file", path, file.reason);
    let parsed: unknown;
    try {
      parsed = JSON.parse(file.text);
    } catch {
      return undefined;
    }
    return isTokenFile(parsed, key) ? parsed.auth : undefined;
  }

  /** Creates the directory if missing; rejects when it is one others could write secrets into. */
  async function trustedDirForWrite(): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const dirRefusal = await directoryRefusal(dir);
    if (dirRefusal !== undefined)
      throw refusal("directory", dir, dirRefusal === "missing" ? "is missing" : dirRefusal);
  }

  return {
    async get(key) {
      try {
        return await read(key);
      } catch (error) {
        // An unreadable entry (EACCES, EIO…) is a miss like a corrupt one; the code says why.
        const code = (error as NodeJS.ErrnoException).code ?? "an unknown error";
        return warn("entry", `${base(key)}.json`, `could not be read (${code})`);
      }
    },
    async set(key, value) {
      const text = `${JSON.stringify({ version: 1, key, auth: value } satisfies TokenFile)}\n`;
      if (Buffer.byteLength(text) > maxEntryBytes)
        throw new Error(`the token entry takes more than the limit of ${maxEntryBytes} bytes`);
      await trustedDirForWrite();
      await writeFileAtomic(`${base(key)}.json`, text);
    },
    async delete(key) {
      await rm(`${base(key)}.json`, { force: true });
    },
    async withLock(key, fn) {
      // A lock file in a directory others can write could be replaced or pre-empted by them.
      await trustedDirForWrite();
      return withFileLock(`${base(key)}.lock`, timing, fn);
    },
    ...filePendingAuthorizations({ dir, maxEntryBytes, trustedDirForWrite }),
  };
}
