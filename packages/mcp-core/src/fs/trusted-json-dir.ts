/**
 * A directory of JSON files, one per key, read only when trustworthy: the shared ground of the
 * listing cache and the pin store. A file or directory someone else could have written is refused
 * — reported once per path by a rejection, a plain miss afterwards — since what it holds would
 * reach the model. Writes are atomic and go only to a directory that would be trusted on read.
 * @module
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { McpCoreError } from "../errors.js";
import { writeFileAtomic } from "./atomic-write.js";
import { directoryRefusal, readTrustedFile } from "./trusted-file.js";

/** Reads and writes of one trusted JSON directory. */
export interface TrustedJsonDir {
  /** The file of `key` (characters outside `[A-Za-z0-9_-]` become `_`). */
  file(key: string): string;
  /**
   * The parsed content of `key`'s file; undefined when missing or not JSON. Rejects with
   * `CACHE_REFUSED` the first time a path is refused (`refuse` too: a check of the caller's).
   */
  read(key: string): Promise<unknown>;
  /** Rejects like `read`, once per path, with `reason`: for a file the caller refuses after parsing. */
  refuse(key: string, reason: string): undefined;
  /** Writes `text` as `key`'s file (created 0700 directory, atomic 0600 file). */
  write(key: string, text: string): Promise<void>;
}

/**
 * @param what how messages name a file of this directory ("tool cache", "pin")
 */
export function trustedJsonDir(dir: string, maxBytes: number, what: string): TrustedJsonDir {
  const file = (key: string) => join(dir, `${key.replace(/[^A-Za-z0-9_-]/g, "_")}.json`);
  const reported = new Set<string>();
  const refuse = (kind: string, path: string, reason: string): undefined => {
    if (reported.has(path)) return undefined;
    reported.add(path);
    throw new McpCoreError("CACHE_REFUSED", `Refused the ${what} ${kind} ${path}: it ${reason}`);
  };
  /** The directory check under way: reads begun together (a load reads every entry at once) share it. */
  let dirCheck: Promise<Awaited<ReturnType<typeof directoryRefusal>>> | undefined;
  const trustedDir = async (): Promise<boolean> => {
    dirCheck ??= directoryRefusal(dir).finally(() => {
      dirCheck = undefined;
    });
    const refusal = await dirCheck;
    if (refusal === "missing") return false;
    if (refusal === undefined) return true;
    refuse("directory", dir, refusal);
    return false;
  };
  return {
    file,
    async read(key) {
      if (!(await trustedDir())) return undefined;
      const path = file(key);
      const read = await readTrustedFile(path, maxBytes);
      if (read.kind === "missing") return undefined;
      if (read.kind === "refused") return refuse("file", path, read.reason);
      try {
        return JSON.parse(read.text) as unknown;
      } catch {
        return undefined;
      }
    },
    refuse: (key, reason) => refuse("file", file(key), reason),
    async write(key, text) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // A directory that would be refused on read is not written to either.
      if (!(await trustedDir())) return;
      await writeFileAtomic(file(key), text);
    },
  };
}
