/**
 * One task file of the file store: its name (one file per server), its JSON shape, and the bounds
 * that keep it readable (a record at most {@link MAX_TASK_RECORD_BYTES}, a file at most
 * {@link MAX_TASK_FILE_BYTES}, the oldest records dropped first).
 * @module
 */
import { createHash } from "node:crypto";
import { isObject } from "../is-object.js";
import { utf8ByteLength } from "../utf8-bytes.js";
import type { TaskRecord } from "./task-store.js";
import { isTaskRecord } from "./task-wire.js";

/** The largest task file read, in bytes; a write never makes a file larger. */
export const MAX_TASK_FILE_BYTES = 1024 * 1024;

/**
 * The largest record stored, in bytes of its UTF-8 JSON. A spec tool name is at most 128
 * characters and a task id 256: this leaves room for long server names and keys, not for a name
 * of hundreds of KiB.
 */
export const MAX_TASK_RECORD_BYTES = 16 * 1024;

/** The single file of earlier versions, every server's records in it. */
export const LEGACY_TASK_FILE = "tasks.json";

/** The name of a server's own file. */
const SERVER_FILE = /^tasks-[0-9a-f]{32}\.json$/;

/** The file that holds the records of the server with this key: `tasks-<32 hex of SHA-256>.json`. */
export function serverTaskFile(serverKey: string): string {
  return `tasks-${createHash("sha256").update(serverKey).digest("hex").slice(0, 32)}.json`;
}

/** Whether `name` is a server's task file. */
export function isServerTaskFile(name: string): boolean {
  return SERVER_FILE.test(name);
}

/** A record's size as stored, in bytes. */
export function taskRecordBytes(record: TaskRecord): number {
  return utf8ByteLength(JSON.stringify(record));
}

/**
 * The well-formed records of a file's text (none for a text that is not a version-1 task file).
 * In a server's file only records whose key names that file count: a record can never be read as
 * another server's.
 */
export function parseTaskFile(text: string, name: string): TaskRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isObject(value) || value.version !== 1 || !Array.isArray(value.records)) return [];
  const records = value.records.filter(isTaskRecord);
  return name === LEGACY_TASK_FILE ? records : records.filter((r) => serverTaskFile(r.serverKey) === name);
}

/**
 * The text of a file holding `records`, newest last: at most `maxRecords` of them and at most
 * {@link MAX_TASK_FILE_BYTES} in all, the oldest dropped first (so the file always reads back).
 */
export function taskFileText(records: readonly TaskRecord[], maxRecords: number): string {
  const kept = records.slice(-maxRecords);
  const sizes = kept.map((record) => taskRecordBytes(record) + 1);
  // The envelope `{"version":1,"records":[` … `]}` and a newline.
  let total = 28 + sizes.reduce((sum, size) => sum + size, 0);
  let first = 0;
  while (total > MAX_TASK_FILE_BYTES && first < kept.length) total -= sizes[first++] ?? 0;
  return `${JSON.stringify({ version: 1, records: kept.slice(first) })}\n`;
}

/** Whether two records are the same task of the same server. */
export function sameTask(a: TaskRecord, serverKey: string, taskId: string): boolean {
  return a.serverKey === serverKey && a.taskId === taskId;
}
