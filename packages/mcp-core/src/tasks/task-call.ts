/**
 * A tool call made as a task (2025-11-25 task augmentation): `tools/call` with `task`, the task id
 * kept in the store before the first poll, then followed to its end (`followTask`).
 * @module
 */
import { z } from "zod";
import { errorResult, fromCallResult, LenientCallResultSchema } from "../tools/call-result.js";
import type { TraceCarrier } from "../tracing/trace-carrier.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import { followTask, type TaskRequestOutcome, type TaskSite, type TaskTarget } from "./follow-task.js";
import { createdTask, InvalidTaskAnswer } from "./task-wire.js";

/** What a task call needs beyond following: where its id is kept. */
export interface TaskCallSite extends TaskSite {
  /** Keeps the task's record (its server, tool and id) until it ends. */
  kept(tool: string, taskId: string): Promise<void>;
}

/** What a task-augmented call answers before it is read: any object. */
export const TaskCallResultSchema = z.looseObject({});

/**
 * The task-augmented `tools/call` (2025-11-25: `params.task`; the server picks the task's ttl), with
 * the host's `_meta` (SPEC §23, its reserved keys already taken out) and the call span's trace keys
 * after it when it has them (SPEC §21.2).
 */
export function taskCallRequest(
  rawName: string,
  args: Record<string, unknown>,
  trace?: TraceCarrier | undefined,
  meta?: Record<string, unknown> | undefined,
): { method: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { name: rawName, arguments: args, task: {} };
  if (trace || meta) params._meta = { ...meta, ...trace };
  return { method: "tools/call", params };
}

/**
 * Sends the task-augmented call (`send`, {@link taskCallRequest} on the live session) and follows
 * the task it creates to its end. A server that answers with a plain result (it ran the call at
 * once) has that result returned as is.
 */
export async function runTaskCall(
  site: TaskCallSite,
  where: TaskTarget & { rawName: string },
  send: () => Promise<TaskRequestOutcome<unknown>>,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<McpToolResult> {
  const sent = await send();
  if ("failed" in sent) return sent.failed;
  let created: ReturnType<typeof createdTask>;
  try {
    created = createdTask(sent.value);
  } catch (error) {
    const why = error instanceof InvalidTaskAnswer ? error.message : "it is invalid";
    const message = `Call to tool "${where.tool}" on MCP server "${where.server}" failed: the server sent an invalid task (${why})`;
    return errorResult("protocol", "PROTOCOL_ERROR", message, why);
  }
  if ("plain" in created) {
    const parsed = LenientCallResultSchema.safeParse(created.plain);
    if (parsed.success) return fromCallResult(parsed.data, site.maxResultBytes);
    const message = `Call to tool "${where.tool}" on MCP server "${where.server}" failed: the server sent an invalid result`;
    return errorResult("protocol", "PROTOCOL_ERROR", message);
  }
  const { task } = created;
  await site.kept(where.rawName, task.taskId);
  return followTask(site, where, task.taskId, task, ctx, timeoutMs);
}
