/**
 * The end of a task as the call resolves it: the result fetched (`tasks/result` on the 2025 era) or
 * inlined (2026 era), a failure or a server-side cancel as an error result, and `tasks/cancel`.
 * @module
 */
import { z } from "zod";
import type { ServerConfig } from "../config/server-config.js";
import { shownText } from "../shown-text.js";
import {
  errorResult,
  fromCallResult,
  type LenientCallResult,
  LenientCallResultSchema,
} from "../tools/call-result.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import { sendTaskRequest } from "./task-request.js";
import type { TaskView } from "./task-wire.js";

/** A request's outcome as the task follower reads it. */
export type TaskRequestOutcome<T> = { value: T } | { failed: McpToolResult };

/** The task a request is for: its messages name the task and its tool, never a stand-in. */
export interface TaskRequestTarget {
  /** The tool as the call's messages name it (the model-facing name). */
  tool: string;
  /** The tool's raw MCP name, as its request spans name it (SPEC §21.1). */
  rawName: string;
  taskId: string;
}

/** How messages name a task: `task "<id>" of tool "<tool>"` (the id is printable ASCII, §task ids). */
export function taskSubject(task: Pick<TaskRequestTarget, "tool" | "taskId">): string {
  return `task ${JSON.stringify(task.taskId)} of tool "${task.tool}"`;
}

/** What following a task needs of its server. */
export interface TaskSite {
  /** The server's configuration: its task requests are traced as its requests (SPEC §21.1). */
  readonly config: ServerConfig;
  maxResultBytes: number;
  /**
   * Runs one request for `task` on the server's live session, waiting (within `timeoutMs` and the
   * signal) through a restart; a failure comes back as an error result naming the task.
   */
  request<T>(
    task: TaskRequestTarget,
    ctx: McpCallContext | undefined,
    timeoutMs: number,
    send: (session: McpSession, options: { signal: AbortSignal; timeout: number }) => Promise<T>,
  ): Promise<TaskRequestOutcome<T>>;
  /** The task is over (whatever its end): its record leaves the store. */
  settled(taskId: string): Promise<void>;
  /** This follower stopped following the task (it ended, or the call gave up and it stays stored). */
  released(taskId: string): void;
  /** Aborts when the source closes: followers stop at once, leaving their tasks stored and running. */
  closed: AbortSignal;
}

/** Gate codes after which a request is not retried: the task stays in the store, to resume later. */
export const GIVE_UP_CODES: ReadonlySet<string> = new Set([
  "SERVER_STOPPED",
  "SERVER_FAILED",
  "RESTART_EXHAUSTED",
  "CLOSED",
  "AUTH_REQUIRED",
]);

/** The longest `tasks/cancel` is waited for, in ms (it is best effort). */
const CANCEL_TIMEOUT_MS = 5000;

export const AnyResultSchema = z.looseObject({});

/** What the result fetch answers on a 2026-era session, which has no `tasks/result`. */
export const MODERN_ERA = Symbol("modern era");

/** A `tasks/result` under way (or the 2026 era's refusal to have one). */
export type ResultFetch = Promise<TaskRequestOutcome<LenientCallResult | typeof MODERN_ERA>>;

/**
 * `tasks/result` (2025-11-25): it answers when the task ends, and meanwhile carries the server's
 * requests of an `input_required` task (elicitation, sampling) to the client's handlers.
 */
export function fetchResult(
  site: TaskSite,
  task: TaskRequestTarget,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): ResultFetch {
  return site.request(task, ctx, timeoutMs, async (session, options) => {
    if (session.protocol.era === "modern") return MODERN_ERA;
    return sendTaskRequest(site.config, session, task, "tasks/result", LenientCallResultSchema, options);
  });
}

/** How a task ended for the call: its result, and whether the task is over (its record goes). */
export type TaskEnd = { result: McpToolResult; settle: boolean } | "retry";

/**
 * The call's result for a task that reached a terminal status. A completed task's result comes
 * inlined (2026 era) or from `fetching` (a `tasks/result` already under way) or a new fetch;
 * `"retry"` when the fetch failed for a reason a later poll may not have (a lost session).
 */
export async function taskEnd(
  site: TaskSite,
  task: TaskRequestTarget,
  view: TaskView,
  about: string,
  fetching: ResultFetch | undefined,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<TaskEnd> {
  if (view.status === "cancelled") {
    const said =
      view.statusMessage === undefined ? "" : ` (the server said: ${shownText(view.statusMessage)})`;
    const message = `Call to ${about} failed: the server cancelled the task${said}`;
    return { result: errorResult("unavailable", "CALL_FAILED", message), settle: true };
  }
  if (view.status === "failed") {
    const detail = typeof view.error?.message === "string" ? view.error.message : view.statusMessage;
    const text = detail === undefined ? "" : `: ${shownText(detail)}`;
    return {
      result: errorResult("protocol", "PROTOCOL_ERROR", `Call to ${about} failed${text}`),
      settle: true,
    };
  }
  if (view.result !== undefined) {
    const parsed = LenientCallResultSchema.safeParse(view.result);
    const result = parsed.success
      ? fromCallResult(parsed.data, site.maxResultBytes)
      : errorResult("protocol", "PROTOCOL_ERROR", `Call to ${about} failed: the task's result is invalid`);
    return { result, settle: true };
  }
  let fetched = fetching ? await fetching : undefined;
  // A fetch begun while the task waited for input may have failed since (a lost session, its timeout).
  if (fetched === undefined || "failed" in fetched) fetched = await fetchResult(site, task, ctx, timeoutMs);
  if ("value" in fetched) {
    const { value } = fetched;
    if (value === MODERN_ERA) {
      const message = `Call to ${about} failed: the completed task carries no result`;
      return { result: errorResult("protocol", "PROTOCOL_ERROR", message), settle: true };
    }
    return { result: fromCallResult(value, site.maxResultBytes), settle: true };
  }
  const { error } = fetched.failed;
  if (error?.kind === "unavailable" && GIVE_UP_CODES.has(error.code))
    return { result: fetched.failed, settle: false };
  if (error?.kind === "protocol" || error?.kind === "aborted")
    return { result: fetched.failed, settle: true };
  return "retry";
}

/** Asks the server to cancel the task: best effort, bounded, never the caller's (aborted) signal. */
export async function cancelTask(site: TaskSite, task: TaskRequestTarget): Promise<void> {
  await site
    .request(task, undefined, CANCEL_TIMEOUT_MS, (session, options) =>
      sendTaskRequest(site.config, session, task, "tasks/cancel", AnyResultSchema, options),
    )
    .catch(() => {});
}
