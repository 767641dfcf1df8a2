/**
 * The files of the file result store: one per handle, holding the value as UTF-8, named
 * `<digest>.<expiresAt>.<bytes>.result` — the handle's SHA-256 in hex (a handle comes back from the
 * model, so it is untrusted text; its digest is one safe name of fixed length whatever it holds:
 * `..`, `/`, NUL), when it expires (ms since the epoch) and its size, both in base 36. The name
 * carries what a write's sweep needs, so the sweep reads one directory listing, not every file; a
 * file's mtime is when it was last used.
 * @module
 */
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";

/** Longest handle kept or read, in characters; a longer one is none (and is not hashed). */
export const MAX_RESULT_HANDLE_CHARS = 1024;

const FILE_NAME = /^([0-9a-f]{64})\.([0-9a-z]{1,11})\.([0-9a-z]{1,11})\.result$/;

/** One entry, as its file name tells it. */
export interface ResultFile {
  name: string;
  /** The handle's digest. */
  digest: string;
  expiresAt: number;
  /** The value's size in bytes (the file's). */
  bytes: number;
}

/** The digest naming `handle`'s file, or undefined when it is not a handle this store takes. */
export function handleDigest(handle: unknown): string | undefined {
  if (typeof handle !== "string" || handle.length > MAX_RESULT_HANDLE_CHARS) return undefined;
  return createHash("sha256").update(handle, "utf8").digest("hex");
}

/** The file name of an entry. */
export function resultFileName(digest: string, expiresAt: number, bytes: number): string {
  return `${digest}.${Math.ceil(expiresAt).toString(36)}.${bytes.toString(36)}.result`;
}

/** Every entry's file in `dir` (names as this store gives them; anything else is ignored). */
export async function listResultFiles(dir: string): Promise<ResultFile[]> {
  const found: ResultFile[] = [];
  for (const name of await readdir(dir)) {
    const match = FILE_NAME.exec(name);
    if (!match) continue;
    const [, digest = "", expiresAt = "", bytes = ""] = match;
    found.push({
      name,
      digest,
      expiresAt: Number.parseInt(expiresAt, 36),
      bytes: Number.parseInt(bytes, 36),
    });
  }
  return found;
}
