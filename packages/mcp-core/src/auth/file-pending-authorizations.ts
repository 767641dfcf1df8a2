/**
 * The file token store's begun authorization requests (`pending-authorization.ts`): one file per
 * request, `<SHA-256 of key NUL state>.pending.json` beside the token files (mode 0600, the same
 * directory checks), holding its expiry. Taking one renames it to a name of the taker's own first —
 * a rename succeeds for one process only — then reads and removes it, so a request is completed at
 * most once across the processes sharing the directory. Expired files are removed when a new
 * request is kept.
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { directoryRefusal, readTrustedFile } from "../fs/trusted-file.js";
import { isObject } from "../is-object.js";
import { isPendingAuthorization } from "./pending-authorization-shape.js";
import type { PendingAuthorization, TokenStore } from "./token-store.js";

const SUFFIX = ".pending.json";
/** The most expired request files one keep looks at (the rest wait for the next). */
const MAX_SWEPT = 64;

interface PendingFile {
  version: 1;
  key: string;
  state: string;
  expiresAt: number;
  pending: PendingAuthorization;
}

/** What the store lends: its directory, its entry bound, and its check before any write. */
export interface PendingFilesParams {
  dir: string;
  maxEntryBytes: number;
  trustedDirForWrite(): Promise<void>;
}

/** The pair of optional `TokenStore` methods on files in `params.dir`. */
export function filePendingAuthorizations(
  params: PendingFilesParams,
): Required<Pick<TokenStore, "savePendingAuthorization" | "takePendingAuthorization">> {
  const { dir, maxEntryBytes } = params;
  const pathOf = (key: string, state: string) =>
    join(dir, `${createHash("sha256").update(`${key}\0${state}`).digest("hex")}${SUFFIX}`);

  /** The file's request when it is ours, for `key`/`state` (any, when undefined), and not expired. */
  async function readPending(path: string, key?: string, state?: string): Promise<PendingFile | undefined> {
    const file = await readTrustedFile(path, maxEntryBytes);
    if (file.kind !== "read") return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(file.text);
    } catch {
      return undefined;
    }
    if (!isObject(parsed) || parsed.version !== 1 || typeof parsed.expiresAt !== "number") return undefined;
    if ((key !== undefined && parsed.key !== key) || (state !== undefined && parsed.state !== state))
      return undefined;
    if (!isPendingAuthorization(parsed.pending)) return undefined;
    return parsed as unknown as PendingFile;
  }

  /** Removes the expired requests nobody completed (at most {@link MAX_SWEPT} files a call). */
  async function sweep(): Promise<void> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(SUFFIX));
    for (const name of names.slice(0, MAX_SWEPT)) {
      const path = join(dir, name);
      const pending = await readPending(path).catch(() => undefined);
      if (pending === undefined || pending.expiresAt <= Date.now()) await rm(path, { force: true });
    }
  }

  return {
    async savePendingAuthorization(key, state, value, ttlMs) {
      const record: PendingFile = { version: 1, key, state, expiresAt: Date.now() + ttlMs, pending: value };
      const text = `${JSON.stringify(record)}\n`;
      if (Buffer.byteLength(text) > maxEntryBytes)
        throw new Error(`the authorization request takes more than the limit of ${maxEntryBytes} bytes`);
      await params.trustedDirForWrite();
      await sweep();
      await writeFileAtomic(pathOf(key, state), text);
    },
    async takePendingAuthorization(key, state) {
      if ((await directoryRefusal(dir)) !== undefined) return undefined;
      const path = pathOf(key, state);
      const taken = `${path}.${process.pid}-${randomBytes(6).toString("hex")}.taken`;
      try {
        await rename(path, taken);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined; // none, or taken already
        throw error;
      }
      try {
        const pending = await readPending(taken, key, state);
        return pending && pending.expiresAt > Date.now() ? pending.pending : undefined;
      } finally {
        await rm(taken, { force: true });
      }
    },
  };
}
