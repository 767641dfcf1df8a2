/**
 * Writing a file so that a reader sees either the old content or the whole new one, never a part:
 * a private temp file beside the target, flushed to disk, then renamed over it.
 * @module
 */
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";

/**
 * Replaces `file` with `text`, created with `mode` (default 0600). The data is flushed before the
 * rename so a crash cannot leave an empty file in place of the old one; the temp file is removed
 * when anything fails.
 */
export async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
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
