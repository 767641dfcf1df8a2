/**
 * Requests of one server — tool calls, resource reads, prompt gets: the "no longer offered" check,
 * the wait for a live session (a lazy server starts), the request. Every outcome resolves with a
 * stable `error.code`, its texts redacted.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { redactResult } from "../redact/redact-error.js";
import type { Redactor } from "../redact/redactor.js";
import type { TaskRequestOutcome } from "../tasks/follow-task.js";
import type { ServerTasks } from "../tasks/server-tasks.js";
import { runTaskCall, TaskCallResultSchema, taskCallRequest } from "../tasks/task-call.js";
import { type TaskRequestTarget, taskSubject } from "../tasks/task-outcome.js";
import type { TaskRecord } from "../tasks/task-store.js";
import { errorResult } from "../tools/call-result.js";
import { callContextProblem, callTimeoutMs } from "../tools/call-timeout.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpTool, McpToolResult } from "../types.js";
import type { GateVerdict } from "./call-gate.js";
import { type CallTarget, runCall, runRequest } from "./run-call.js";
import { withTotalBound } from "./total-bound.js";
import type { RunningOutcome } from "./when-running.js";

/** A request's outcome: its value, or the failure as an error result (redacted). */
export type Gated<T> = { value: T } | { failed: McpToolResult };

/**
 * A request's timeout when it gives none: for a tool call, the entry's `toolTimeouts` for the tool;
 * else (and for resource and prompt requests) the entry's `timeout`.
 */
function defaultTimeoutMs(config: ServerConfig, rawName: string | undefined): number {
  const { toolTimeouts } = config;
  const own = toolTimeouts && rawName !== undefined && Object.hasOwn(toolTimeouts, rawName);
  return (own ? toolTimeouts[rawName] : undefined) ?? config.timeoutMs;
}

/** What the call path reads of its server, at the moment it reads it. */
export interface CallSite {
  config: ServerConfig;
  redactor: Redactor;
  /** The most bytes one tool result hands the host (`maxResultBytes`). */
  maxResultBytes: number;
  /** Whether the server still offers a tool (by raw name). */
  offers(rawName: string): boolean;
  /** A lazy server's idle timer counts calls in flight. */
  idle: { callStarted(): void; callEnded(): void };
  /** What a call would do now (`callGate` of the state). */
  verdict(): GateVerdict;
  /** The live session, waiting (and starting a lazy server) within the call's bounds. */
  whenRunning(where: CallTarget, timeoutMs: number, signal: AbortSignal | undefined): Promise<RunningOutcome>;
  closedMessage(): string;
  /** The server's tasks: calls of task tools go through them. */
  tasks: ServerTasks;
}

export class ConnectionCalls implements ToolCaller {
  constructor(private readonly connection: CallSite) {}

  /** Calls a tool; the error texts of the result are redacted. */
  async callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult> {
    const server = this.connection.config.name;
    const where = { server, tool: tool.name, rawName: tool.rawName };
    const removed = () =>
      this.connection.offers(tool.rawName)
        ? undefined
        : errorResult(
            "unavailable",
            "TOOL_REMOVED",
            `Tool "${tool.name}" is no longer offered by MCP server "${server}"`,
          );
    const asTask = this.connection.tasks.asTask(tool, ctx);
    const outcome = await withTotalBound(where, ctx, async (bounded) => {
      const gated = await this.gatedUnredacted(
        where,
        bounded,
        (session, timeoutMs) =>
          asTask
            ? this.runAsTask(session, where, args, bounded, timeoutMs)
            : runCall(session, where, args, bounded, timeoutMs, this.connection.maxResultBytes),
        removed,
      );
      // runCall resolves its own failures (an aborted request among them) as error results.
      return "value" in gated && gated.value.isError ? { failed: gated.value } : gated;
    });
    // Redacted once here, failures and runCall's own error results (timeout, a JSON-RPC error
    // echoing a header) alike: one async layer less per call than going through `gated`.
    return redactResult("failed" in outcome ? outcome.failed : outcome.value, this.connection.redactor);
  }

  /** A tool call as a task: the task-augmented `tools/call`, then the task followed to its end. */
  private runAsTask(
    session: McpSession,
    where: CallTarget & { rawName: string },
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
    timeoutMs: number,
  ): Promise<McpToolResult> {
    const send = () =>
      runRequest(
        (options) => session.request(taskCallRequest(where.rawName, args), TaskCallResultSchema, options),
        where,
        ctx,
        timeoutMs,
      );
    return runTaskCall(this.connection.tasks.site, where, send, ctx, timeoutMs);
  }

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
    const verdict = connection.verdict();
    if (verdict.go === "fail" && verdict.code === "CLOSED") {
      return { failed: errorResult("unavailable", "CLOSED", connection.closedMessage()) };
    }
    // Auto-restart that gave up withdrew the tools: the call says that, not "no longer offered".
    const exhausted = verdict.go === "fail" && verdict.code === "RESTART_EXHAUSTED";
    const gone = exhausted ? undefined : notOffered();
    if (gone) return { failed: gone };
    connection.idle.callStarted();
    try {
      // A running server (the usual case) is called at once: no wait, so no await before the send.
      if (verdict.go === "call") return { value: await run(verdict.session, timeoutMs) };
      const running = await connection.whenRunning(where, timeoutMs, ctx?.signal);
      if ("failed" in running) return running;
      const goneNow = notOffered();
      if (goneNow) return { failed: goneNow };
      return { value: await run(running.session, timeoutMs) };
    } finally {
      connection.idle.callEnded();
    }
  }
}
