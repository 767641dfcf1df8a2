/**
 * The tasks of one server: which calls go as tasks, the store records of those running (keyed by
 * the server's identity), the ids this process follows (a task is followed once), and re-attaching
 * to a stored task after a restart of the host.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { shownText } from "../shown-text.js";
import { withTimeout } from "../timing/with-timeout.js";
import { globMatcher } from "../tools/glob.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpTool, McpToolResult } from "../types.js";
import { followTask, type TaskRequestOutcome, type TaskTarget } from "./follow-task.js";
import type { TaskCallSite } from "./task-call.js";
import type { TaskRequestTarget } from "./task-outcome.js";
import type { TaskRecord, TaskStore } from "./task-store.js";

/** What a server's tasks need of its connection. */
export interface ServerTasksDeps {
  /** The server's configuration (its name, for the task requests' spans). */
  config: ServerConfig;
  server: string;
  /** The server's identity in the store (`taskServerKey`). */
  serverKey: string;
  /** The entry's `taskTools`: which `optional` tools are called as tasks. */
  taskTools: readonly string[] | undefined;
  /** The task store, or undefined when durability is off (`taskStore: null`). */
  store: TaskStore | undefined;
  maxResultBytes: number;
  warn: (message: string) => void;
  /** One request for `task` on the live session, waiting through a restart within the call's bounds. */
  request<T>(
    task: TaskRequestTarget,
    ctx: McpCallContext | undefined,
    timeoutMs: number,
    send: (session: McpSession, options: { signal: AbortSignal; timeout: number }) => Promise<T>,
  ): Promise<TaskRequestOutcome<T>>;
}

/**
 * The entry's `taskTools` as a test on raw names: which `optional` tools are called as tasks when
 * the call does not say.
 */
export function taskToolsPolicy(taskTools: readonly string[] | undefined): (rawName: string) => boolean {
  return taskTools === undefined ? () => false : globMatcher(taskTools);
}

/**
 * Whether a call of `tool` goes as a task: always when its `execution.taskSupport` is `required`;
 * when it is `optional`, as the call says (`ctx.task`), else as the server's `taskTools` says;
 * never when it is `forbidden` or absent.
 */
export function callsAsTask(
  tool: McpTool,
  ctx: McpCallContext | undefined,
  policy: (rawName: string) => boolean,
): boolean {
  const support = (tool as { definition?: { execution?: { taskSupport?: unknown } } }).definition?.execution
    ?.taskSupport;
  if (support === "required") return true;
  return support === "optional" && (ctx?.task ?? policy(tool.rawName));
}

export class ServerTasks {
  /** Task ids followed in this process (made on the first): a resume never attaches a second follower. */
  private following: Set<string> | undefined;

  /** The site a task call of this server runs on. */
  readonly site: TaskCallSite;
  private readonly policy: (rawName: string) => boolean;
  /** Made when first read or at close: most servers never run a task. */
  private closing: AbortController | undefined;

  constructor(private readonly deps: ServerTasksDeps) {
    this.site = this.siteOf(deps);
    this.policy = taskToolsPolicy(deps.taskTools);
  }

  /** The source closes: followers stop now (their tasks stay stored, to resume). */
  close(): void {
    this.closing ??= new AbortController();
    this.closing.abort();
  }

  /** Whether this call of `tool` goes as a task (see {@link callsAsTask}). */
  asTask(tool: McpTool, ctx: McpCallContext | undefined): boolean {
    return callsAsTask(tool, ctx, this.policy);
  }

  private siteOf(deps: ServerTasksDeps): TaskCallSite {
    const closed = () => this.closingSignal();
    return {
      get closed() {
        return closed();
      },
      config: deps.config,
      maxResultBytes: deps.maxResultBytes,
      request: (task, ctx, timeoutMs, send) => this.deps.request(task, ctx, timeoutMs, send),
      kept: async (tool, taskId) => {
        this.follow(taskId);
        const { store, serverKey, server } = this.deps;
        if (!store) return;
        const record = { serverKey, server, tool, taskId, createdAt: new Date().toISOString() };
        await bounded(store.put(record)).catch((error: unknown) => this.storeFailed("keep", error));
      },
      released: (taskId) => {
        this.following?.delete(taskId);
      },
      settled: async (taskId) => {
        const { store, serverKey } = this.deps;
        if (!store) return;
        await bounded(store.delete(serverKey, taskId)).catch((error: unknown) =>
          this.storeFailed("drop", error),
        );
      },
    };
  }

  private closingSignal(): AbortSignal {
    this.closing ??= new AbortController();
    return this.closing.signal;
  }

  private follow(taskId: string): void {
    this.following ??= new Set();
    this.following.add(taskId);
  }

  /** Is this record one of this server's (same name, same identity)? */
  owns(record: TaskRecord): boolean {
    return record.server === this.deps.server && record.serverKey === this.deps.serverKey;
  }

  /** Whether `resume` would re-attach to the record: it is this server's, and not followed here yet. */
  resumable(record: TaskRecord): boolean {
    return this.owns(record) && !this.following?.has(record.taskId);
  }

  /**
   * Re-attaches to a stored task of this server that {@link resumable} allowed; it is followed here
   * from now on. The result is the call's, as `execute` would have resolved it.
   */
  resume(record: TaskRecord, ctx: McpCallContext | undefined, timeoutMs: number): Promise<McpToolResult> {
    this.follow(record.taskId);
    const where: TaskTarget = { server: this.deps.server, tool: record.tool };
    return followTask(this.site, where, record.taskId, undefined, ctx, timeoutMs);
  }

  private storeFailed(what: "keep" | "drop", error: unknown): void {
    // A host's store may word its failure with anything (a connection URL): escaped and bounded.
    const why = shownText(error instanceof Error ? error.message : String(error));
    this.deps.warn(`MCP server "${this.deps.server}": could not ${what} a task in the task store: ${why}`);
  }
}

/**
 * The longest a call waits for the task store (a put before the first poll, a delete at the end):
 * a store that never answers must not hold the call. The operation may still finish later.
 */
export const TASK_STORE_WAIT_MS = 5_000;

function bounded(operation: Promise<void>): Promise<void> {
  return withTimeout(operation, TASK_STORE_WAIT_MS, () => {
    throw new Error(`it did not answer within ${TASK_STORE_WAIT_MS} ms`);
  });
}
