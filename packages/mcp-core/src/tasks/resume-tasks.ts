/**
 * `source.resumeTasks()`: the stored tasks of this source's servers, re-attached.
 * @module
 */
import type { McpCallContext, McpResumedTask, McpToolResult } from "../types.js";
import type { TaskRecord, TaskStore } from "./task-store.js";
import { isTaskRecord } from "./task-wire.js";

/** A server that can re-attach to one of its stored tasks (undefined: not its, or followed). */
export interface TaskResumer {
  resumeTask(record: TaskRecord, ctx: McpCallContext | undefined): Promise<McpToolResult> | undefined;
}

/**
 * Re-attaches every stored task whose server is configured here under the same identity. Records
 * of other servers (another config's, a server whose URL or command changed) stay in the store.
 */
export async function resumeTasks(
  store: TaskStore | undefined,
  servers: ReadonlyMap<string, TaskResumer>,
  ctx: McpCallContext | undefined,
): Promise<McpResumedTask[]> {
  if (!store) return [];
  const records = await store.list();
  const resumed: McpResumedTask[] = [];
  // A host's own store may hand back anything: only well-formed records are followed.
  for (const record of Array.isArray(records) ? records.filter(isTaskRecord) : []) {
    const result = servers.get(record.server)?.resumeTask(record, ctx);
    if (result) resumed.push({ server: record.server, tool: record.tool, taskId: record.taskId, result });
  }
  return resumed;
}
