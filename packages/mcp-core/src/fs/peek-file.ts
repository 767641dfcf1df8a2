/**
 * Looking at a small file someone else may have put in place (a lock file): opened without
 * following a symbolic link and without blocking, so neither a FIFO (whose open for reading waits
 * for a writer) nor a link to one, or to an endless device, can hang or flood the reader.
 * @module
 */
import { constants } from "node:fs";
import { lstat, open } from "node:fs/promises";

/** What is at a path, as {@link peekFile} saw it once. */
export type Peek =
  | { kind: "missing" }
  /** A regular file: its text (at most the bytes asked for) and its identity. */
  | { kind: "file"; text: string; ino: number; mtimeMs: number }
  /** Anything else, not read: a symbolic link (not followed), a FIFO, a directory, a device. */
  | { kind: "other"; what: "a symbolic link" | "not a regular file"; ino: number; mtimeMs: number };

/** Flags that never follow a final symbolic link and never wait on a FIFO (0 where unknown). */
export const NO_FOLLOW_NO_BLOCK = (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads `path` when it is a regular file (at most `maxBytes`; more reads as an empty text), and
 * otherwise only tells what it is. The identity (`ino`, `mtimeMs`) is of what was opened, or of the
 * link itself for a symbolic link.
 */
export async function peekFile(path: string, maxBytes: number): Promise<Peek> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW_NO_BLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    if (code !== "ELOOP" && code !== "EMLINK") throw error; // EMLINK: FreeBSD's answer to O_NOFOLLOW
    try {
      const link = await lstat(path);
      return { kind: "other", what: "a symbolic link", ino: link.ino, mtimeMs: link.mtimeMs };
    } catch (lstatError) {
      if ((lstatError as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
      throw lstatError;
    }
  }
  try {
    const stats = await handle.stat();
    const identity = { ino: stats.ino, mtimeMs: stats.mtimeMs };
    if (!stats.isFile()) return { kind: "other", what: "not a regular file", ...identity };
    if (stats.size > maxBytes) return { kind: "file", text: "", ...identity };
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    return { kind: "file", text: buffer.subarray(0, bytesRead).toString("utf8"), ...identity };
  } finally {
    await handle.close();
  }
}
