/**
 * Requests of one server other than a plain tool call (`call-pipeline.ts`): resource reads, prompt
 * gets, a task's polls and resumes. Each passes the gate a tool call passes (`live-session.ts`), and
 * every outcome resolves with a stable `error.code`, its texts redacted.
 * @module
 */
import { redactResult } from "../redact/redact-error.js";
import type { TaskRequestOutcome } from "../tasks/follow-task.js";
import { type TaskRequestTarget, taskSubject } from "../tasks/task-outcome.js";
import type { TaskRecord } from "../tasks/task-store.js";
import { errorResult } from "../tools/call-result.js";
import { callContextProblem, callTimeoutMs } from "../tools/call-timeout.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import { type CallSite, defaultTimeoutMs, type Gated } from "./call-site.js";
import { admitRequest, awaitSession } from "./live-session.js";
import { type CallTarget, runRequest } from "./run-call.js";
import { withTotalBound } from "./total-bound.js";

export type { CallSite, Gated } from "./call-site.js";

/** The requests of one server that are not plain tool calls. */
export class ConnectionCalls {
  constructor(private readonly connection: CallSite) {}

  /**
   * Re-attaches to a stored task of this server (`source.resumeTasks()`); undefined when the record
   * is not this server's or the task is already followed. Bounded like a call: `timeoutMs` without
   * progress, `maxTotalTimeoutMs` in all (the task is cancelled when it runs out); its result is
   * redacted like a call's.
   */
  resumeTask(record: TaskRecord, ctx: McpCallContext | undefined): Promise<McpToolResult> | undefined {
    const { tasks, config, redactor } = this.connection;
    if (!tasks.resumable(record)) return undefined;
    const where = { server: config.name, tool: record.tool, what: taskSubject(record) };
    // A duration no timer can wait is refused as `execute` refuses it; the task stays stored.
    const timeoutProblem = callContextProblem(ctx);
    if (timeoutProblem !== undefined) {
      const message = `Call to ${where.what} on MCP server "${where.server}" was not resumed: ${timeoutProblem}`;
      return Promise.resolve(errorResult("protocol", "PROTOCOL_ERROR", message, timeoutProblem));
    }
    const timeoutMs = callTimeoutMs(ctx) ?? defaultTimeoutMs(config, record.tool);
    const outcome = withTotalBound(where, ctx, async (bounded) => {
      // Called before `withTotalBound` first awaits: no other resume can take the task in between.
      const result = await tasks.resume(record, bounded, timeoutMs);
      return result.isError ? { failed: result } : { value: result };
    });
    return outcome.then((settled) =>
      redactResult("failed" in settled ? settled.failed : settled.value, redactor),
    );
  }

  /**
   * One request of `task` on the live session, waiting through a restart within `timeoutMs`; its
   * failures name the task and its tool.
   */
  async taskRequest<T>(
    task: TaskRequestTarget,
    ctx: McpCallContext | undefined,
    timeoutMs: number,
    send: (session: McpSession, options: { signal: AbortSignal; timeout: number }) => Promise<T>,
  ): Promise<TaskRequestOutcome<T>> {
    const where = { server: this.connection.config.name, tool: task.tool, what: taskSubject(task) };
    const bounded = { ...ctx, timeoutMs };
    const gated = await this.gatedUnredacted(
      where,
      bounded,
      (session, requestMs) =>
        runRequest(
          (options) => send(session, options as { signal: AbortSignal; timeout: number }),
          where,
          bounded,
          requestMs,
        ),
      () => undefined,
    );
    return "failed" in gated ? gated : gated.value;
  }

  /**
   * Runs `run` on the live session under the rules of a tool call: fails fast when the source is
   * closed or (`notOffered`) the target is gone, starts a lazy server, waits through a start within
   * the call's timeout and signal. Failures resolve as `failed` error results, redacted.
   */
  async gated<T>(
    where: CallTarget,
    ctx: McpCallContext | undefined,
    run: (session: McpSession, timeoutMs: number) => Promise<T>,
    notOffered: () => McpToolResult | undefined = () => undefined,
  ): Promise<Gated<T>> {
    const outcome = await this.gatedUnredacted(where, ctx, run, notOffered);
    return "failed" in outcome ? { failed: redactResult(outcome.failed, this.connection.redactor) } : outcome;
  }

  private async gatedUnredacted<T>(
    where: CallTarget,
    ctx: McpCallContext | undefined,
    run: (session: McpSession, timeoutMs: number) => Promise<T>,
    notOffered: () => McpToolResult | undefined,
  ): Promise<Gated<T>> {
    const { connection } = this;
    const timeoutMs = callTimeoutMs(ctx) ?? defaultTimeoutMs(connection.config, where.rawName);
    const verdict = admitRequest(connection, notOffered);
    if (verdict.go === "refused") return { failed: verdict.failed };
    connection.idle.callStarted();
    try {
      // A running server (the usual case) is called at once: no wait, so no await before the send.
      if (verdict.go === "call") return { value: await run(verdict.session, timeoutMs) };
      const running = await awaitSession(connection, where, timeoutMs, ctx?.signal, notOffered);
      if ("failed" in running) return running;
      return { value: await run(running.value, timeoutMs) };
    } finally {
      connection.idle.callEnded();
    }
  }
}
