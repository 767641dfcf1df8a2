/**
 * Following one task to its end: `tasks/get` every `pollInterval` (clamped), each new
 * `statusMessage` handed to the call's `onProgress` (and counted as progress: it restarts the
 * call's timeout), the result fetched (`tasks/result` on the 2025 era, inlined on the 2026 era),
 * `tasks/cancel` on abort or timeout. A lost session is waited out: the next poll goes to the
 * server's next session with the same task id. Resolves, never throws.
 * @module
 */
import { z } from "zod";
import { shownText } from "../auth/auth-message.js";
import { abortedResult, errorResult, fromCallResult, LenientCallResultSchema } from "../tools/call-result.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import { clampPollIntervalMs } from "./poll-interval.js";
import { InvalidTaskAnswer, isTerminal, type TaskView, taskView } from "./task-wire.js";

/** The call a task belongs to, as messages name it. */
export interface TaskTarget {
  server: string;
  tool: string;
}

/** A request's outcome as the task follower reads it. */
export type TaskRequestOutcome<T> = { value: T } | { failed: McpToolResult };

/** What following a task needs of its server. */
export interface TaskSite {
  maxResultBytes: number;
  /**
   * Runs one request on the server's live session, waiting (within `timeoutMs` and the signal)
   * through a restart; a failure comes back as an error result.
   */
  request<T>(
    ctx: McpCallContext | undefined,
    timeoutMs: number,
    send: (session: McpSession, options: { signal: AbortSignal; timeout: number }) => Promise<T>,
  ): Promise<TaskRequestOutcome<T>>;
  /** The task is over (whatever its end): its record leaves the store. */
  settled(taskId: string): Promise<void>;
  /** This follower stopped following the task (it ended, or the call gave up and it stays stored). */
  released(taskId: string): void;
}

/** Gate codes after which a poll is not retried: the task stays in the store, to resume later. */
const GIVE_UP_CODES = new Set([
  "SERVER_STOPPED",
  "SERVER_FAILED",
  "RESTART_EXHAUSTED",
  "CLOSED",
  "AUTH_REQUIRED",
]);

/** The longest `tasks/cancel` is waited for, in ms (it is best effort). */
const CANCEL_TIMEOUT_MS = 5000;

const AnyResultSchema = z.looseObject({});

/**
 * Follows `taskId` until it ends, the call is aborted, or `timeoutMs` passes without progress.
 * `first` is what the server said when it created the task (absent when re-attaching).
 */
export async function followTask(
  site: TaskSite,
  where: TaskTarget,
  taskId: string,
  first: TaskView | undefined,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<McpToolResult> {
  try {
    return await follow(site, where, taskId, first, ctx, timeoutMs);
  } finally {
    site.released(taskId);
  }
}

async function follow(
  site: TaskSite,
  where: TaskTarget,
  taskId: string,
  first: TaskView | undefined,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<McpToolResult> {
  const about = `task ${JSON.stringify(taskId)} of tool "${where.tool}" on MCP server "${where.server}"`;
  const signal = ctx?.signal;
  let deadline = Date.now() + timeoutMs;
  let view = first;
  let lastMessage: string | undefined;
  let progress = 0;
  const settle = async (result: McpToolResult) => {
    await site.settled(taskId);
    return result;
  };
  const cancelled = async (timedOut: boolean) => {
    await cancelTask(site, taskId);
    return settle(
      timedOut
        ? errorResult(
            "timeout",
            "TIMEOUT",
            `Call to ${about} timed out after ${timeoutMs} ms without progress`,
          )
        : abortedResult(where.server, where.tool),
    );
  };
  for (;;) {
    if (view) {
      if (view.statusMessage !== undefined && view.statusMessage !== lastMessage) {
        lastMessage = view.statusMessage;
        progress += 1;
        deadline = Date.now() + timeoutMs;
        ctx?.onProgress?.({ progress, message: view.statusMessage });
      }
      if (isTerminal(view.status) || view.status === "input_required") {
        const end = await taskEnd(site, view, about, ctx, Math.max(1, deadline - Date.now()));
        if (end !== "retry") return end.settle ? settle(end.result) : end.result;
      }
    }
    const waited = await pause(clampPollIntervalMs(view?.pollIntervalMs), deadline, signal);
    if (waited !== "slept") return cancelled(waited === "deadline");
    const polled = await site.request(ctx, Math.max(1, deadline - Date.now()), (session, options) =>
      session.request({ method: "tasks/get", params: { taskId } }, AnyResultSchema, options),
    );
    if ("failed" in polled) {
      const { error } = polled.failed;
      if (error?.kind === "aborted") return cancelled(false);
      if (error?.kind === "unavailable" && GIVE_UP_CODES.has(error.code)) return polled.failed;
      // The server said no (an unknown or expired task): it is gone; nothing to resume.
      if (error?.kind === "protocol") return settle(polled.failed);
      // A lost session or a slow answer: poll again (on the next session) within the deadline.
      view = undefined;
      continue;
    }
    try {
      view = taskView(polled.value);
    } catch (error) {
      const why = error instanceof InvalidTaskAnswer ? error.message : "it is invalid";
      const message = `Call to ${about} failed: the server sent an invalid task status (${why})`;
      await cancelTask(site, taskId);
      return settle(errorResult("protocol", "PROTOCOL_ERROR", message, why));
    }
    if (view.taskId !== taskId) {
      await cancelTask(site, taskId);
      const message = `Call to ${about} failed: the server answered for another task`;
      return settle(errorResult("protocol", "PROTOCOL_ERROR", message));
    }
  }
}

type TaskEnd = { result: McpToolResult; settle: boolean } | "retry";

/**
 * The end of a task that finished (or, on the 2025 era, waits for input: `tasks/result` then
 * blocks until it ends while the server's elicitation or sampling requests reach the client's
 * handlers on its stream).
 */
async function taskEnd(
  site: TaskSite,
  view: TaskView,
  about: string,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<TaskEnd> {
  if (view.status === "cancelled") {
    const message = `Call to ${about} failed: the server cancelled the task${said(view)}`;
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
  // 2025-11-25: the result (or, for input_required, the wait and the server's requests) comes
  // through tasks/result. The 2026 era has no tasks/result: its input_required needs tasks/update.
  const fetched = await site.request(ctx, timeoutMs, async (session, options) => {
    if (session.protocol.era === "modern") return MODERN_ERA;
    return session.request(
      { method: "tasks/result", params: { taskId: view.taskId } },
      LenientCallResultSchema,
      options,
    );
  });
  if ("value" in fetched && fetched.value === MODERN_ERA) {
    const message = `Call to ${about} failed: the task asks for input (tasks/update), which this client does not answer yet`;
    await cancelTask(site, view.taskId);
    return { result: errorResult("protocol", "PROTOCOL_ERROR", message), settle: true };
  }
  if ("value" in fetched) {
    const { value } = fetched;
    if (typeof value !== "symbol")
      return { result: fromCallResult(value, site.maxResultBytes), settle: true };
  }
  if (!("failed" in fetched)) return "retry";
  const { error } = fetched.failed;
  if (error?.kind === "unavailable" && GIVE_UP_CODES.has(error.code))
    return { result: fetched.failed, settle: false };
  if (error?.kind === "protocol" || error?.kind === "aborted")
    return { result: fetched.failed, settle: true };
  return "retry";
}

/** What the result fetch answers on a 2026-era session, which has no `tasks/result`. */
const MODERN_ERA = Symbol("modern era");

/** ` (the server said: …)` when the task carries a message; bounded and escaped. */
function said(view: TaskView): string {
  return view.statusMessage === undefined ? "" : ` (the server said: ${shownText(view.statusMessage)})`;
}

/** Waits `ms`, or until the deadline or the signal: whichever comes first. */
function pause(
  ms: number,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<"slept" | "deadline" | "aborted"> {
  if (signal?.aborted) return Promise.resolve("aborted");
  const left = deadline - Date.now();
  if (left <= 0) return Promise.resolve("deadline");
  return new Promise((resolve) => {
    const done = (outcome: "slept" | "deadline" | "aborted") => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const onAbort = () => done("aborted");
    const timer = setTimeout(() => done(ms < left ? "slept" : "deadline"), Math.min(ms, left));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Asks the server to cancel the task: best effort, bounded, never the caller's (aborted) signal. */
async function cancelTask(site: TaskSite, taskId: string): Promise<void> {
  await site
    .request(undefined, CANCEL_TIMEOUT_MS, (session, options) =>
      session.request({ method: "tasks/cancel", params: { taskId } }, AnyResultSchema, options),
    )
    .catch(() => {});
}
