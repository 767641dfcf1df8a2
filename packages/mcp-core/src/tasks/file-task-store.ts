/**
 * The default `TaskStore`: one JSON file (`tasks.json`) beside the token store, mode 0600 in a
 * 0700 directory, replaced atomically under a lock shared by every process using the directory. A
 * file that fails the trust checks of the token store (someone else could write it, and so point a
 * resume at a task of theirs) reads as empty; the store never logs.
 * @module
 */
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { withFileLock } from "../auth/file-lock.js";
import { defaultAuthDir } from "../auth/file-token-store.js";
import { writeFileAtomic } from "../fs/atomic-write.js";
import { directoryRefusal, readTrustedFile } from "../fs/trusted-file.js";
import { isObject } from "../is-object.js";
import type { TaskRecord, TaskStore } from "./task-store.js";
import { isTaskRecord } from "./task-wire.js";

/** Default of {@link FileTaskStoreOptions.maxRecords}. */
export const DEFAULT_MAX_TASK_RECORDS = 1000;
/** The largest task file read, in bytes (1000 records of short keys fit well within it). */
const MAX_FILE_BYTES = 1024 * 1024;
const LOCK_TIMING = { waitMs: 10_000, staleAfterMs: 30_000, guards: "task store" };

/** Options of {@link fileTaskStore}. */
export interface FileTaskStoreOptions {
  /** The most records kept; adding one more drops the oldest. @default 1000 */
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

/**
 * A file-backed {@link TaskStore} in `dir` (default {@link defaultTaskDir}). Reads only a regular
 * file owned by the current user and not writable by others, in a directory that passes the same
 * test (POSIX); a write into a directory that fails it rejects. Malformed records are skipped.
 */
export function fileTaskStore(dir: string = defaultTaskDir(), options: FileTaskStoreOptions = {}): TaskStore {
  const maxRecords = options.maxRecords ?? DEFAULT_MAX_TASK_RECORDS;
  if (!Number.isSafeInteger(maxRecords) || maxRecords < 1)
    throw new TypeError("fileTaskStore: maxRecords must be a positive whole number");
  const file = join(dir, "tasks.json");

  async function read(): Promise<TaskRecord[]> {
    if ((await directoryRefusal(dir)) !== undefined) return [];
    const read = await readTrustedFile(file, MAX_FILE_BYTES);
    return read.kind === "read" ? parsed(read.text) : [];
  }

  function parsed(text: string): TaskRecord[] {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isObject(parsed) || parsed.version !== 1 || !Array.isArray(parsed.records)) return [];
      return parsed.records.filter(isTaskRecord).slice(-maxRecords);
    } catch {
      return [];
    }
  }

  /** The records a write starts from; a file there that is refused is not replaced (it loses nothing). */
  async function readForWrite(): Promise<TaskRecord[]> {
    const read = await readTrustedFile(file, MAX_FILE_BYTES);
    if (read.kind === "refused") throw new Error(`Refused the task store file ${file}: it ${read.reason}`);
    return read.kind === "read" ? parsed(read.text) : [];
  }

  /** Runs a read-modify-write of the file under the directory's lock. */
  async function update(change: (records: TaskRecord[]) => TaskRecord[]): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const refusal = await directoryRefusal(dir);
    if (refusal !== undefined) {
      throw new Error(
        `Refused the task store directory ${dir}: it ${refusal === "missing" ? "is missing" : refusal}`,
      );
    }
    await withFileLock(`${file}.lock`, LOCK_TIMING, async () => {
      const records = change(await readForWrite()).slice(-maxRecords);
      await writeFileAtomic(file, `${JSON.stringify({ version: 1, records })}\n`);
    });
  }

  const same = (a: TaskRecord, serverKey: string, taskId: string) =>
    a.serverKey === serverKey && a.taskId === taskId;

  return {
    list: () => read().catch(() => []),
    put: (record) =>
      update((records) => [...records.filter((r) => !same(r, record.serverKey, record.taskId)), record]),
    delete: (serverKey, taskId) => update((records) => records.filter((r) => !same(r, serverKey, taskId))),
  };
}
