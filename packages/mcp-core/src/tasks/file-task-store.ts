/**
 * The default `TaskStore`: one JSON file per server (`tasks-<hash of its key>.json`) in a directory
 * beside the token store, mode 0600 in a 0700 directory, replaced atomically under a lock shared by
 * every process using the directory. A server's records never share a file with another's, and no
 * write makes a file larger than it is read at, so one server's entries never make another's
 * unreadable. A file that fails the trust checks of the token store (someone else could write it,
 * and so point a resume at a task of theirs) reads as empty; the store never logs. The single
 * `tasks.json` of earlier versions is read, and moved into per-server files on the next write.
 * @module
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { defaultAuthDir } from "../auth/file-token-store.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { withFileLock } from "../fs/file-lock.js";
import { directoryRefusal, readTrustedFile } from "../fs/trusted-file.js";
import {
  isServerTaskFile,
  LEGACY_TASK_FILE,
  MAX_TASK_FILE_BYTES,
  MAX_TASK_RECORD_BYTES,
  parseTaskFile,
  sameTask,
  serverTaskFile,
  taskFileText,
  taskRecordBytes,
} from "./task-file.js";
import type { TaskRecord, TaskStore } from "./task-store.js";

/** Default of {@link FileTaskStoreOptions.maxRecords}. */
export const DEFAULT_MAX_TASK_RECORDS = 1000;
const LOCK_TIMING = { waitMs: 10_000, staleAfterMs: 30_000, guards: "task store" };

/** Options of {@link fileTaskStore}. */
export interface FileTaskStoreOptions {
  /** The most records kept per server; adding one more drops that server's oldest. @default 1000 */
  maxRecords?: number | undefined;
}

/**
 * `$TOOLNEXUS_MCP_TASK_DIR`, else `tasks` beside the token store's directory
 * (`defaultAuthDir()`: `~/.config/toolnexus-mcp/tasks` on Linux).
 */
export function defaultTaskDir(env: Record<string, string | undefined> = process.env): string {
  if (env.TOOLNEXUS_MCP_TASK_DIR) return env.TOOLNEXUS_MCP_TASK_DIR;
  return join(dirname(defaultAuthDir(env)), "tasks");
}

const taskKey = (record: TaskRecord) => `${record.serverKey}\0${record.taskId}`;

/** `records` with each task once, its latest copy in its first place. */
function unique(records: readonly TaskRecord[]): TaskRecord[] {
  const byTask = new Map<string, TaskRecord>();
  for (const record of records) byTask.set(taskKey(record), record);
  return [...byTask.values()];
}

/**
 * A file-backed {@link TaskStore} in `dir` (default {@link defaultTaskDir}). Reads only regular
 * files owned by the current user and not writable by others, in a directory that passes the same
 * test (POSIX); a write into a directory that fails it rejects. Malformed records are skipped; a
 * record over 16 KiB is refused (`put` rejects: the call goes on without durability).
 */
export function fileTaskStore(dir: string = defaultTaskDir(), options: FileTaskStoreOptions = {}): TaskStore {
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_TASK_RECORDS;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1)
    throw new TypeError("fileTaskStore: maxRecords must be a positive whole number");
  // The lock file of earlier versions: a process of each kind sharing the directory still excludes the other.
  const lockFile = join(dir, `${LEGACY_TASK_FILE}.lock`);

  /** A file's records; a missing or refused file has none. */
  async function readFile(name: string): Promise<TaskRecord[]> {
    const read = await readTrustedFile(join(dir, name), MAX_TASK_FILE_BYTES);
    return read.kind === "read" ? parseTaskFile(read.text, name) : [];
  }

  async function list(): Promise<TaskRecord[]> {
    if ((await directoryRefusal(dir)) !== undefined) return [];
    const names = (await readdir(dir)).filter(isServerTaskFile).sort();
    const records: TaskRecord[] = [];
    for (const name of [LEGACY_TASK_FILE, ...names]) records.push(...(await readFile(name)));
    return unique(records);
  }

  /** The records a write starts from; a file there that is refused is not replaced (it loses nothing). */
  async function readForWrite(name: string): Promise<TaskRecord[]> {
    const file = join(dir, name);
    const read = await readTrustedFile(file, MAX_TASK_FILE_BYTES);
    if (read.kind === "refused") throw new Error(`Refused the task store file ${file}: it ${read.reason}`);
    return read.kind === "read" ? parseTaskFile(read.text, name) : [];
  }

  /** Writes a server's file, or removes it when no record is left. */
  async function writeServerFile(name: string, records: readonly TaskRecord[]): Promise<void> {
    if (records.length === 0) await rm(join(dir, name), { force: true });
    else await writeFileAtomic(join(dir, name), taskFileText(records, maxRecords));
  }

  /**
   * Moves the records of an earlier version's `tasks.json` into their servers' files, then removes
   * it. A `tasks.json` that cannot be read (one over 1 MiB, what this layout prevents) is left as it
   * is and ignored; so is one whose records a refused server file cannot take.
   */
  async function migrateLegacy(): Promise<void> {
    const legacy = await readFile(LEGACY_TASK_FILE);
    if (legacy.length === 0) return;
    const byFile = new Map<string, TaskRecord[]>();
    for (const record of legacy) {
      const name = serverTaskFile(record.serverKey);
      byFile.set(name, [...(byFile.get(name) ?? []), record]);
    }
    let moved = true;
    for (const [name, records] of byFile) {
      try {
        await writeServerFile(name, unique([...records, ...(await readForWrite(name))]));
      } catch {
        moved = false;
      }
    }
    if (moved) await rm(join(dir, LEGACY_TASK_FILE), { force: true });
  }

  /** Runs a read-modify-write of one server's file under the directory's lock. */
  async function update(serverKey: string, change: (records: TaskRecord[]) => TaskRecord[]): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const refusal = await directoryRefusal(dir);
    if (refusal !== undefined) {
      throw new Error(
        `Refused the task store directory ${dir}: it ${refusal === "missing" ? "is missing" : refusal}`,
      );
    }
    await withFileLock(lockFile, LOCK_TIMING, async () => {
      await migrateLegacy();
      const name = serverTaskFile(serverKey);
      await writeServerFile(name, change(await readForWrite(name)));
    });
  }

  return {
    list: () => list().catch(() => []),
    put: async (record) => {
      const bytes = taskRecordBytes(record);
      if (bytes > MAX_TASK_RECORD_BYTES) {
        throw new Error(
          `Refused to store a task record of ${bytes} bytes: at most ${MAX_TASK_RECORD_BYTES} (a tool name or key too long)`,
        );
      }
      await update(record.serverKey, (records) => [
        ...records.filter((r) => !sameTask(r, record.serverKey, record.taskId)),
        record,
      ]);
    },
    delete: (serverKey, taskId) =>
      update(serverKey, (records) => records.filter((r) => !sameTask(r, serverKey, taskId))),
  };
}
