/**
 * The task shapes a server sends, of both eras, read into one: the 2025-11-25 `CreateTaskResult`
 * (`{ task: Task }`) and `tasks/get` result (`Task` fields, `pollInterval`, `ttl`), and the
 * 2026-07-28 Tasks extension's (`io.modelcontextprotocol/tasks`): a flattened `CreateTaskResult`
 * (`resultType: "task"` + `Task` fields) and a `tasks/get` result with `pollIntervalMs`, `ttlMs`
 * and the outcome inlined (`result` when completed, `error` when failed). Everything here is
 * server-chosen: ids are bounded and plain, messages bounded, a status we do not know is invalid.
 * @module
 */

import { boundedText } from "../bounded-text.js";
import { isObject } from "../is-object.js";
import { shownText } from "../shown-text.js";
import type { TaskRecord } from "./task-store.js";

/** A task's status, as both eras name them. */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

const STATUSES: ReadonlySet<string> = new Set([
  "working",
  "input_required",
  "completed",
  "failed",
  "cancelled",
]);

/** The longest task id we keep, send back and store, in characters. */
export const MAX_TASK_ID_CHARS = 256;
/** The longest `statusMessage` handed on as progress, in characters. */
export const MAX_STATUS_MESSAGE_CHARS = 1000;

/** One observation of a task, whichever era sent it. */
export interface TaskView {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string | undefined;
  /** The server's suggestion, not yet clamped (`pollInterval` / `pollIntervalMs`). */
  pollIntervalMs?: unknown;
  /** The final result, inlined by the 2026 era's `tasks/get` (`completed`). */
  result?: Record<string, unknown> | undefined;
  /** The JSON-RPC error, inlined by the 2026 era's `tasks/get` (`failed`). */
  error?: { code?: unknown; message?: unknown } | undefined;
}

/** A task answer that does not fit either era's shape; the message says which field. */
export class InvalidTaskAnswer extends Error {}

/** A task id we accept: 1–256 characters, printable ASCII (it goes to disk and back on the wire). */
export function isPlainTaskId(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= MAX_TASK_ID_CHARS &&
    /^[\x21-\x7e]+$/.test(value)
  );
}

/**
 * What a task-augmented `tools/call` answered: the task it created, or (a server that ran the call
 * at once, as 2025-11-25 allows for a tool whose task support is optional) the plain result.
 * @throws InvalidTaskAnswer for a task with an invalid id or status
 */
export function createdTask(result: unknown): { task: TaskView } | { plain: unknown } {
  if (!isObject(result)) return { plain: result };
  if (isObject(result.task)) return { task: taskView(result.task) };
  if (result.resultType === "task") return { task: taskView(result, false) };
  return { plain: result };
}

/**
 * A `tasks/get` answer of either era.
 * @throws InvalidTaskAnswer naming the field that does not fit
 */
export function taskView(value: unknown, inlined = true): TaskView {
  if (!isObject(value)) throw new InvalidTaskAnswer("the task is not an object");
  if (!isPlainTaskId(value.taskId)) throw new InvalidTaskAnswer("its taskId is not a plain id");
  const { status } = value;
  if (typeof status !== "string" || !STATUSES.has(status)) {
    throw new InvalidTaskAnswer("its status is not one of the task statuses");
  }
  const view: TaskView = { taskId: value.taskId, status: status as TaskStatus };
  if (typeof value.statusMessage === "string") {
    // Bounded, then every control, bidi and zero-width character spelled out: it reaches the host's
    // progress listener and, through it, terminals.
    view.statusMessage = shownText(
      boundedText(value.statusMessage, MAX_STATUS_MESSAGE_CHARS),
      Number.MAX_SAFE_INTEGER,
    );
  }
  const interval = value.pollIntervalMs ?? value.pollInterval;
  if (interval !== undefined) view.pollIntervalMs = interval;
  // A CreateTaskResult never carries the outcome (2026: clients MUST NOT use it if present).
  if (!inlined) return view;
  if (status === "completed" && isObject(value.result)) view.result = value.result;
  if (status === "failed" && isObject(value.error)) view.error = value.error;
  return view;
}

/** Is this status the last one a task reaches? */
export function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** Is this a well-formed task record (a store's own, or a host's store may hand back anything)? */
export function isTaskRecord(value: unknown): value is TaskRecord {
  return (
    isObject(value) &&
    typeof value.serverKey === "string" &&
    typeof value.server === "string" &&
    typeof value.tool === "string" &&
    typeof value.createdAt === "string" &&
    isPlainTaskId(value.taskId)
  );
}
