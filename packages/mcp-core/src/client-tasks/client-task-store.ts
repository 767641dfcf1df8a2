/**
 * The client side of 2025-11-25 tasks: a server that sends `sampling/createMessage` or
 * `elicitation/create` with `params.task` gets a task at once, the work runs in the background, and
 * the server polls it (`tasks/get`), fetches its result (`tasks/result`), cancels it
 * (`tasks/cancel`) or lists them (`tasks/list`). One store per session: bounded in count, each task
 * dropped after its TTL, everything aborted and dropped when the session ends.
 * @module
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";

/** A task's status, as the protocol names them. */
export type ClientTaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** A task as the server sees it (`Task` of the 2025-11-25 schema). */
export type ClientTaskView = {
  taskId: string;
  status: ClientTaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number;
  pollInterval: number;
};

/** The bounds of one session's store. */
export interface ClientTaskLimits {
  /** Tasks kept at once; past it the oldest finished one goes, and with none finished a new one is refused. */
  maxTasks: number;
  /** The TTL of a task whose request names none. */
  defaultTtlMs: number;
  /** A longer requested TTL is shortened to this (the spec lets the receiver choose). */
  maxTtlMs: number;
  /** The poll interval suggested to the server. */
  pollIntervalMs: number;
  /**
   * `tasks/result` requests waiting at once, over all tasks; past it one is refused `-32600` at once.
   * Each waiter holds a request of the server's open: unbounded, a flood of them fills the heap.
   */
  maxResultWaiters: number;
}

/** The defaults: a handful of concurrent model calls or questions, minutes each. */
export const CLIENT_TASK_LIMITS: Readonly<ClientTaskLimits> = Object.freeze({
  maxTasks: 64,
  defaultTtlMs: 300_000,
  maxTtlMs: 3_600_000,
  pollIntervalMs: 500,
  maxResultWaiters: 256,
});

/** The `_meta` key that ties a task's result to its task. */
export const RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task";

type Outcome = { ok: true; result: Record<string, unknown> } | { ok: false; error: ProtocolError };

interface ClientTask {
  id: string;
  status: ClientTaskStatus;
  statusMessage?: string;
  createdAt: number;
  updatedAt: number;
  ttlMs: number;
  controller: AbortController;
  /** Settles when the task reaches a terminal status (`finish` settles it). */
  done: Promise<void>;
  finish: () => void;
  outcome?: Outcome;
  /** Drops the task at its TTL even when nothing asks the store (a `tasks/result` may be waiting). */
  expiry?: NodeJS.Timeout;
}

const TERMINAL: ReadonlySet<ClientTaskStatus> = new Set(["completed", "failed", "cancelled"]);
const notFound = () =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** The tasks of one session. `now` is injectable for the TTL arithmetic's tests. */
export class ClientTaskStore {
  private readonly tasks = new Map<string, ClientTask>();
  private closed = false;
  /** `tasks/result` requests waiting for their task now. */
  private waiters = 0;

  constructor(
    private readonly limits: ClientTaskLimits = CLIENT_TASK_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts `run` as a task and answers at once with the task (`CreateTaskResult`). `run` gets the
   * task's signal (aborted by `tasks/cancel`, the TTL or the session's end); its rejection should be
   * a `ProtocolError`, which `tasks/result` answers with.
   * @throws ProtocolError when the session ended or the store is full of unfinished tasks
   */
  create(
    requestedTtl: unknown,
    run: (signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): { task: ClientTaskView } {
    this.purge();
    if (this.closed) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "The session has ended");
    if (this.tasks.size >= this.limits.maxTasks && !this.evictOldestFinished()) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Too many client tasks: at most ${this.limits.maxTasks} at once`,
      );
    }
    const ttlMs =
      typeof requestedTtl === "number" && Number.isFinite(requestedTtl) && requestedTtl > 0
        ? Math.min(Math.floor(requestedTtl), this.limits.maxTtlMs)
        : this.limits.defaultTtlMs;
    const at = this.now();
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const task: ClientTask = {
      id: crypto.randomUUID(),
      status: "working",
      createdAt: at,
      updatedAt: at,
      ttlMs,
      controller: new AbortController(),
      done,
      finish,
    };
    this.tasks.set(task.id, task);
    task.expiry = setTimeout(() => this.drop(task, "Expired"), ttlMs);
    task.expiry.unref();
    run(task.controller.signal).then(
      (result) => this.settle(task, { ok: true, result }, "completed"),
      (error: unknown) => this.settle(task, { ok: false, error: asProtocolError(error) }, "failed"),
    );
    return { task: this.view(task) };
  }

  /** `tasks/get`. @throws ProtocolError `-32602` for an unknown or expired task */
  get(taskId: string): ClientTaskView {
    return this.view(this.find(taskId));
  }

  /**
   * `tasks/result`: waits until the task is finished (or `signal` aborts), then answers with its
   * result, tied to the task in `_meta`, or with the JSON-RPC error it failed with. A request that
   * would wait while {@link ClientTaskLimits.maxResultWaiters} already do is refused `-32600`.
   */
  async result(taskId: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    const task = this.find(taskId);
    if (!TERMINAL.has(task.status)) await this.wait(task, signal);
    if (signal.aborted) throw new ProtocolError(ProtocolErrorCode.InternalError, "The request was cancelled");
    const { outcome } = task;
    if (task.status === "cancelled" || outcome === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "The task was cancelled");
    }
    if (!outcome.ok) throw outcome.error;
    const meta = (outcome.result._meta ?? {}) as Record<string, unknown>;
    return { ...outcome.result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId } } };
  }

  /** `tasks/cancel`. @throws ProtocolError `-32602` for an unknown task or one already finished */
  cancel(taskId: string): ClientTaskView {
    const task = this.find(taskId);
    if (TERMINAL.has(task.status)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task: already ${task.status}`);
    }
    this.settle(task, undefined, "cancelled", "Cancelled by the server");
    task.controller.abort();
    return this.view(task);
  }

  /** `tasks/list`: every live task (the store is small, so one page). */
  list(): { tasks: ClientTaskView[] } {
    this.purge();
    return { tasks: [...this.tasks.values()].map((task) => this.view(task)) };
  }

  /** Waits for `task` to finish or `signal` to abort, as one of the bounded waiters. */
  private async wait(task: ClientTask, signal: AbortSignal): Promise<void> {
    if (this.waiters >= this.limits.maxResultWaiters) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `Too many waiting tasks/result requests: at most ${this.limits.maxResultWaiters} at once`,
      );
    }
    this.waiters += 1;
    try {
      await Promise.race([task.done, aborted(signal)]);
    } finally {
      this.waiters -= 1;
    }
  }

  /** The session ended: every task aborted and dropped, and no new one accepted. */
  close(): void {
    this.closed = true;
    for (const task of this.tasks.values()) this.drop(task, "The session ended");
  }

  /** How many tasks the store holds (for tests). */
  get size(): number {
    return this.tasks.size;
  }

  private settle(
    task: ClientTask,
    outcome: Outcome | undefined,
    status: ClientTaskStatus,
    message?: string,
  ): void {
    if (TERMINAL.has(task.status)) return;
    task.status = status;
    task.updatedAt = this.now();
    if (outcome) task.outcome = outcome;
    const statusMessage = message ?? (outcome && !outcome.ok ? outcome.error.message : undefined);
    if (statusMessage !== undefined) task.statusMessage = statusMessage;
    task.finish();
  }

  private find(taskId: string): ClientTask {
    this.purge();
    const task = typeof taskId === "string" ? this.tasks.get(taskId) : undefined;
    if (!task) throw notFound();
    return task;
  }

  private view(task: ClientTask): ClientTaskView {
    const view: ClientTaskView = {
      taskId: task.id,
      status: task.status,
      createdAt: new Date(task.createdAt).toISOString(),
      lastUpdatedAt: new Date(task.updatedAt).toISOString(),
      ttl: task.ttlMs,
      pollInterval: this.limits.pollIntervalMs,
    };
    if (task.statusMessage !== undefined) view.statusMessage = task.statusMessage;
    return view;
  }

  /** Drops every task past its TTL by the store's clock (a running one is aborted first). */
  private purge(): void {
    const now = this.now();
    for (const task of this.tasks.values()) {
      if (now - task.createdAt >= task.ttlMs) this.drop(task, "Expired");
    }
  }

  private evictOldestFinished(): boolean {
    for (const task of this.tasks.values()) {
      if (TERMINAL.has(task.status)) {
        this.drop(task, "Evicted");
        return true;
      }
    }
    return false;
  }

  private drop(task: ClientTask, why: string): void {
    this.settle(task, undefined, "cancelled", why);
    task.controller.abort();
    clearTimeout(task.expiry);
    this.tasks.delete(task.id);
  }
}

function asProtocolError(error: unknown): ProtocolError {
  return error instanceof ProtocolError
    ? error
    : new ProtocolError(ProtocolErrorCode.InternalError, "The client could not finish the task");
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
