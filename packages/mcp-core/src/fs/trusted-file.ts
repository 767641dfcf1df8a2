/**
 * Reading a file only when it can be trusted: a regular file (never a FIFO, device or symbolic link),
 * owned by the current user and not writable by group or others, in a directory that passes the same
 * owner and mode test. A cache file is read into the model's first prompt and a token file into a
 * request's credentials, so a file someone else could have written must not be. On Windows the owner and mode tests are skipped (POSIX modes do not
 * describe its ACLs); the regular-file and size tests still apply.
 * @module
 */
import {
  close,
  closeSync,
  constants,
  fstat,
  fstatSync,
  open,
  openSync,
  read,
  readSync,
  type Stats,
  statSync,
} from "node:fs";
import { stat } from "node:fs/promises";
import { promisify } from "node:util";

// The callback API, promisified: a file handle of `fs/promises` costs about 1.5 × the CPU per read
// (500 cached listings of 12 KB read at once: 80 → 53 ms of CPU, 53 → 35 ms wall).
const openFd = promisify(open);
const statFd = promisify(fstat);
const readFd = promisify(read);
const closeFd = promisify(close);

/** Why a path was refused; `undefined` when it passes. */
export type Refusal = string | undefined;

const POSIX = process.platform !== "win32";

/** The owner and mode test shared by files and directories. */
function ownerAndModeRefusal(stats: Stats): Refusal {
  if (!POSIX) return undefined;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid)
    return `is owned by uid ${stats.uid}, not by the current user (${uid})`;
  if ((stats.mode & 0o022) !== 0)
    return `is writable by group or others (mode ${(stats.mode & 0o777).toString(8).padStart(3, "0")})`;
  return undefined;
}

/** Why `dir` is not a trustworthy directory, `undefined` when it is, `"missing"` when it does not exist. */
export async function directoryRefusal(dir: string): Promise<Refusal | "missing"> {
  let stats: Stats;
  try {
    stats = await stat(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  if (!stats.isDirectory()) return "is not a directory";
  return ownerAndModeRefusal(stats);
}

/** The outcome of {@link readTrustedFile}. */
export type TrustedRead =
  | { kind: "missing" }
  | { kind: "refused"; reason: string }
  | { kind: "read"; text: string };

/**
 * Opens without following a symbolic link and without blocking (a FIFO would otherwise hang the
 * open until someone writes to it), then tests what was opened — not the path — so nothing can be
 * swapped in between the test and the read. Reads at most `maxBytes`.
 */
export async function readTrustedFile(file: string, maxBytes: number): Promise<TrustedRead> {
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  let fd: number;
  try {
    fd = await openFd(file, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    if (code === "ELOOP") return { kind: "refused", reason: "is a symbolic link" };
    throw error;
  }
  try {
    const stats = await statFd(fd);
    if (!stats.isFile()) return { kind: "refused", reason: "is not a regular file" };
    const refusal = ownerAndModeRefusal(stats);
    if (refusal !== undefined) return { kind: "refused", reason: refusal };
    if (stats.size > maxBytes)
      return { kind: "refused", reason: `holds ${stats.size} bytes, more than the limit of ${maxBytes}` };
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    const { bytesRead } = await readFd(fd, buffer, 0, buffer.length, 0);
    if (bytesRead > maxBytes)
      return { kind: "refused", reason: `holds more than the limit of ${maxBytes} bytes` };
    return { kind: "read", text: buffer.toString("utf8", 0, bytesRead) };
  } finally {
    await closeFd(fd);
  }
}

/**
 * The synchronous form of {@link directoryRefusal} and {@link readTrustedFile} together, for bytes:
 * for a caller that cannot wait (the first `searchTools`, which is synchronous, reading the index
 * snapshot). Undefined when `dir` or the file is missing or refused, or anything fails.
 */
export function readTrustedBytesSync(dir: string, file: string, maxBytes: number): Uint8Array | undefined {
  try {
    const dirStats = statSync(dir);
    if (!dirStats.isDirectory() || ownerAndModeRefusal(dirStats) !== undefined) return undefined;
    const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
    const fd = openSync(file, flags);
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile() || ownerAndModeRefusal(stats) !== undefined || stats.size > maxBytes)
        return undefined;
      const buffer = Buffer.alloc(stats.size + 1);
      let bytesRead = 0;
      for (let n = 1; n > 0 && bytesRead < buffer.length; bytesRead += n) {
        n = readSync(fd, buffer, bytesRead, buffer.length - bytesRead, bytesRead);
      }
      // Grown since the stat: another writer's file, not the one checked.
      return bytesRead === stats.size ? buffer.subarray(0, bytesRead) : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
