/**
 * A task record as stored in Redis. With a secret: `{"v":1,"sealed":"<s>"}`, the record's JSON
 * sealed with AES-256-GCM, bound to the Redis key it is stored under (an envelope copied to another
 * task's key does not open). Without one: `{"v":1,"clear":<record>}`. Reading checks the size, the
 * seal, the record's shape (`isTaskRecord` of the core) and that the record is the one its key
 * names, so nothing planted in Redis is followed as another task.
 * @module
 */
import { isObject, isTaskRecord, type TaskRecord } from "@toolnexus/mcp-core/stores";
import { open, seal } from "./secret.js";
import { taskDigest } from "./task-keys.js";

/** The largest stored record read, in bytes (a record is a few hundred bytes). */
export const MAX_TASK_ENTRY_BYTES = 16 * 1024;

/** What a stored value turned out to be. */
export type OpenedTask =
  | { kind: "record"; record: TaskRecord }
  /** Not a record this worker can follow; `why` finishes "a task record in Redis …". */
  | { kind: "refused"; why: string };

/** The stored text of `record` under `recordKey`: sealed with `taskKey`, or in clear without one. */
export function encodeTask(taskKey: Buffer | undefined, recordKey: string, record: TaskRecord): string {
  const plain: TaskRecord = {
    serverKey: record.serverKey,
    server: record.server,
    tool: record.tool,
    taskId: record.taskId,
    createdAt: record.createdAt,
  };
  if (!taskKey) return JSON.stringify({ v: 1, clear: plain });
  return JSON.stringify({ v: 1, sealed: seal(taskKey, JSON.stringify(plain), recordKey) });
}

/** Reads the stored text of the task whose digest is `digest`, with the worker's key (if any). */
export function openTask(
  taskKey: Buffer | undefined,
  recordKey: string,
  digest: string,
  raw: string,
): OpenedTask {
  if (Buffer.byteLength(raw, "utf8") > MAX_TASK_ENTRY_BYTES)
    return { kind: "refused", why: `is larger than ${MAX_TASK_ENTRY_BYTES} bytes` };
  const envelope = parseJson(raw);
  if (!isObject(envelope) || envelope.v !== 1) return { kind: "refused", why: "is not in a known format" };
  let value: unknown;
  if (typeof envelope.sealed === "string") {
    if (!taskKey) return { kind: "refused", why: "is sealed with a secret and this worker has none" };
    const json = open(taskKey, envelope.sealed, recordKey);
    if (json === undefined) return { kind: "refused", why: "does not open with this worker's secret" };
    value = parseJson(json);
  } else if ("clear" in envelope) {
    if (taskKey) return { kind: "refused", why: "was written without the secret" };
    value = envelope.clear;
  } else return { kind: "refused", why: "is not in a known format" };
  if (!isTaskRecord(value)) return { kind: "refused", why: "is not a valid task record" };
  // A record kept under another task's key (copied there, in clear) would be followed under the
  // lease of that other task: only the record its key names is taken.
  if (taskDigest(value.serverKey, value.taskId) !== digest)
    return { kind: "refused", why: "is not the task its key names" };
  return {
    kind: "record",
    record: {
      serverKey: value.serverKey,
      server: value.server,
      tool: value.tool,
      taskId: value.taskId,
      createdAt: value.createdAt,
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
