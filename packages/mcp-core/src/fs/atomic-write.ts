/**
 * Writing a file so that a reader sees either the old content or the whole new one, never a part:
 * a private temp file beside the target, flushed to disk, then renamed over it. A failed write
 * removes its temp file; what a writer killed mid-way left behind is swept by a later write.
 * @module
 */
import { randomBytes } from "node:crypto";
import { lstat, open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * A temp file older than this was left by a writer that died (a write takes milliseconds); a
 * younger one may be another process's write in progress and is kept.
 */
export const LEFTOVER_TEMP_AFTER_MS = 5 * 60 * 1000;

/** The names this module gives its temp files: `<target>.<pid>.<8 hex digits>.tmp`. */
const TEMP_NAME = /.\.\d+\.[0-9a-f]{8}\.tmp$/;

/**
 * Replaces `file` with `text`, created with `mode` (default 0600). The data is flushed before the
 * rename so a crash cannot leave an empty file in place of the old one; the temp file is removed
 * when anything fails. First sweeps old temp files of this module from the directory.
 */
export async function writeFileAtomic(file: string, text: string | Uint8Array, mode = 0o600): Promise<void> {
  await sweepLeftovers(dirname(file));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    const handle = await open(temp, "wx", mode);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Removes the temp files of crashed writers in `dir`: regular files named as this module names
 * them and older than {@link LEFTOVER_TEMP_AFTER_MS}. Best effort: the write that follows matters,
 * a leftover that cannot be removed now is tried again next time.
 */
async function sweepLeftovers(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    if (!TEMP_NAME.test(name)) continue;
    const path = join(dir, basename(name));
    try {
      const stats = await lstat(path);
      if (stats.isFile() && now - stats.mtimeMs > LEFTOVER_TEMP_AFTER_MS) await rm(path, { force: true });
    } catch {
      // Gone meanwhile (its writer renamed it, another sweeper removed it), or not ours to remove.
    }
  }
}
