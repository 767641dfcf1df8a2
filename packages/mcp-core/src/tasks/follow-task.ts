/**
 * Following one task to its end: `tasks/get` every `pollInterval` (clamped), each new
 * `statusMessage` handed to the call's `onProgress` (and counted as progress: it restarts the
 * call's timeout), the result fetched or read inline (`task-outcome.ts`), `tasks/cancel` on abort or
 * timeout. A lost session is waited out: the next poll goes to the server's next session with the
 * same task id. Resolves, never throws.
 * @module
 */
import { onAbort } from "../abort-fanout.js";
import { abortedResult, errorResult } from "../tools/call-result.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import { clampPollIntervalMs } from "./poll-interval.js";
import {
  AnyResultSchema,
  cancelTask,
  fetchResult,
  GIVE_UP_CODES,
  MODERN_ERA,
  type ResultFetch,
  type TaskRequestTarget,
  type TaskSite,
  taskEnd,
  taskSubject,
} from "./task-outcome.js";
import { sendTaskRequest } from "./task-request.js";
import { InvalidTaskAnswer, isTerminal, type TaskView, taskView } from "./task-wire.js";

export type { TaskRequestOutcome, TaskSite } from "./task-outcome.js";

/**
 * Polls that fail in a row for a transport reason (each after the server runs again) before the
 * call gives up with the last failure, the task left stored: a server that refuses `tasks/get`
 * (an HTTP error) is not polled until the timeout.
 */
export const MAX_FAILED_POLLS = 5;

/** The call a task belongs to, as messages name it. */
export interface TaskTarget {
  server: string;
  tool: string;
  /** The tool's raw MCP name, when it differs from `tool` (a task re-attached knows only this one). */
  rawName?: string | undefined;
}

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
    return await new TaskFollower(site, where, taskId, ctx, timeoutMs).follow(first);
  } finally {
    site.released(taskId);
  }
}

class TaskFollower {
  private readonly about: string;
  /** The task as its requests name it. */
  private readonly task: TaskRequestTarget;
  private deadline: number;
  private lastMessage: string | undefined;
  private progress = 0;
  /** A `tasks/result` begun while the task waited for input (2025 era), and what it came to. */
  private fetching: ResultFetch | undefined;
  private modernInput = false;
  private failedPolls = 0;
  /** Whether a `tasks/get` was sent yet. */
  private polled = false;

  constructor(
    private readonly site: TaskSite,
    private readonly where: TaskTarget,
    private readonly taskId: string,
    private readonly ctx: McpCallContext | undefined,
    private readonly timeoutMs: number,
  ) {
    this.task = { tool: where.tool, rawName: where.rawName ?? where.tool, taskId };
    this.about = `${taskSubject(this.task)} on MCP server "${where.server}"`;
    this.deadline = Date.now() + timeoutMs;
  }

  private left(): number {
    return Math.max(1, this.deadline - Date.now());
  }

  async follow(first: TaskView | undefined): Promise<McpToolResult> {
    let view = first;
    for (;;) {
      if (view) {
        this.observe(view);
        if (isTerminal(view.status)) {
          const end = await taskEnd(
            this.site,
            this.task,
            view,
            this.about,
            this.fetching,
            this.ctx,
            this.left(),
          );
          this.fetching = undefined;
          if (end !== "retry") {
            if (end.result.error?.kind === "aborted") return this.cancelled(false);
            return end.settle ? this.settle(end.result) : end.result;
          }
        } else if (view.status === "input_required") {
          this.awaitInput();
        }
      }
      // Re-attaching (nothing seen yet) polls at once; afterwards at the server's interval.
      const waitMs = this.polled || view ? clampPollIntervalMs(view?.pollIntervalMs) : 0;
      const waited = await pause(waitMs, this.deadline, [this.ctx?.signal, this.site.closed]);
      // Closing the source ends the call, not the task: it stays stored for `resumeTasks()`.
      if (this.site.closed.aborted) return this.closedResult();
      if (waited !== "slept") return this.cancelled(waited === "deadline");
      if (this.modernInput) {
        const message = `Call to ${this.about} failed: the task asks for input (tasks/update), which this client does not answer yet`;
        await cancelTask(this.site, this.task);
        return this.settle(errorResult("protocol", "PROTOCOL_ERROR", message));
      }
      const polled = await this.poll();
      if ("result" in polled) return polled.result;
      view = polled.view;
    }
  }

  /** A new statusMessage is progress: reported, and the timeout starts again. */
  private observe(view: TaskView): void {
    if (view.statusMessage === undefined || view.statusMessage === this.lastMessage) return;
    this.lastMessage = view.statusMessage;
    this.progress += 1;
    this.deadline = Date.now() + this.timeoutMs;
    try {
      this.ctx?.onProgress?.({ progress: this.progress, message: view.statusMessage });
    } catch {
      // The host's listener failing must not end the call (or reject a resumed task's result).
    }
  }

  /**
   * The task waits for input. 2025 era: `tasks/result` carries the server's requests to the
   * client's handlers, so one is begun (polling goes on, for the progress); the 2026 era needs
   * `tasks/update`, which the follower does not send yet.
   */
  private awaitInput(): void {
    if (this.fetching) return;
    this.fetching = fetchResult(this.site, this.task, this.ctx, this.left());
    const fetching = this.fetching;
    void fetching.then((fetched) => {
      if ("value" in fetched && fetched.value === MODERN_ERA) this.modernInput = true;
      // A fetch that failed (a lost session, its own timeout) is begun again at the next
      // input_required, or the server's later requests would never reach the handlers.
      if ("failed" in fetched && this.fetching === fetching) this.fetching = undefined;
    });
  }

  /** One `tasks/get`: the task's new view, or the call's result when polling ends here. */
  private async poll(): Promise<{ view: TaskView | undefined } | { result: McpToolResult }> {
    this.polled = true;
    const polled = await this.site.request(this.task, this.ctx, this.left(), (session, options) =>
      sendTaskRequest(this.site.config, session, this.task, "tasks/get", AnyResultSchema, options),
    );
    if ("failed" in polled) {
      const { error } = polled.failed;
      if (error?.kind === "aborted") return { result: await this.cancelled(false) };
      if (error?.kind === "unavailable" && GIVE_UP_CODES.has(error.code)) return { result: polled.failed };
      // The server said no (an unknown or expired task): it is gone; nothing to resume.
      if (error?.kind === "protocol") return { result: await this.settle(polled.failed) };
      // A lost session or a slow answer: poll again (on the next session) within the deadline.
      this.failedPolls += 1;
      if (this.failedPolls >= MAX_FAILED_POLLS) return { result: polled.failed };
      return { view: undefined };
    }
    this.failedPolls = 0;
    let view: TaskView;
    try {
      view = taskView(polled.value);
    } catch (error) {
      const why = error instanceof InvalidTaskAnswer ? error.message : "it is invalid";
      return { result: await this.invalid(`the server sent an invalid task status (${why})`, why) };
    }
    if (view.taskId !== this.taskId)
      return { result: await this.invalid("the server answered for another task") };
    return { view };
  }

  private closedResult(): McpToolResult {
    const message = `Call to ${this.about} ended: the MCP source closed (the task goes on; resumeTasks() re-attaches)`;
    return errorResult("unavailable", "CLOSED", message);
  }

  private async invalid(why: string, detail?: string): Promise<McpToolResult> {
    await cancelTask(this.site, this.task);
    return this.settle(
      errorResult("protocol", "PROTOCOL_ERROR", `Call to ${this.about} failed: ${why}`, detail),
    );
  }

  private async settle(result: McpToolResult): Promise<McpToolResult> {
    await this.site.settled(this.taskId);
    return result;
  }

  private async cancelled(timedOut: boolean): Promise<McpToolResult> {
    await cancelTask(this.site, this.task);
    const message = `Call to ${this.about} timed out after ${this.timeoutMs} ms without progress`;
    return this.settle(
      timedOut
        ? errorResult("timeout", "TIMEOUT", message)
        : abortedResult(this.where.server, this.where.tool),
    );
  }
}

/** Waits `ms`, or until the deadline or one of the signals: whichever comes first. */
function pause(
  ms: number,
  deadline: number,
  signals: readonly (AbortSignal | undefined)[],
): Promise<"slept" | "deadline" | "aborted"> {
  if (signals.some((signal) => signal?.aborted)) return Promise.resolve("aborted");
  const left = deadline - Date.now();
  if (left <= 0) return Promise.resolve("deadline");
  return new Promise((resolve) => {
    const done = (outcome: "slept" | "deadline" | "aborted") => {
      clearTimeout(timer);
      for (const off of offs) off();
      resolve(outcome);
    };
    const timer = setTimeout(() => done(ms < left ? "slept" : "deadline"), Math.min(ms, left));
    // Through the signals' one shared listener: every task call of a server waits on its close.
    const offs = signals.flatMap((signal) => (signal ? [onAbort(signal, () => done("aborted"))] : []));
  });
}
