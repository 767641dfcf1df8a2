/**
 * The SDK client with the client side of 2025-11-25 tasks: a server's task-augmented
 * `sampling/createMessage` or `elicitation/create` is answered at once with a task and handled in
 * the background by the same (validated, guarded) handler, and the server's `tasks/get`,
 * `tasks/result`, `tasks/cancel` and `tasks/list` are answered from the session's task store. The
 * SDK has no task runtime (its result check knows no `CreateTaskResult`), hence the subclass: it
 * uses the SDK's documented hooks for subclasses (`_wrapHandler`, `_onclose`).
 * @module
 */
import {
  Client,
  type ClientContext,
  type ClientOptions,
  type Implementation,
} from "@modelcontextprotocol/client";
import { z } from "zod";
import { keepRawElicitationUrl } from "../elicitation/raw-elicitation-url.js";
import { ClientTaskStore } from "./client-task-store.js";

/** The requests a server may ask the client to run as a task (`tasks.requests` of the capability). */
const TASK_METHODS: ReadonlySet<string> = new Set(["sampling/createMessage", "elicitation/create"]);

type Handler = (request: TaskRequest, ctx: ClientContext) => Promise<Record<string, unknown>>;
interface TaskRequest {
  jsonrpc: "2.0";
  id: string | number;
  method: string;
  params?: Record<string, unknown>;
}

const taskIdParams = z.object({ taskId: z.string() });

/**
 * A `Client` that runs task-augmented requests as client-side tasks. It answers the `tasks/*`
 * requests only when its capabilities declare `tasks`; on the 2026-07-28 era (no server→client
 * requests, so no tasks of this kind) a request's `task` is ignored and it is answered as usual.
 */
export class TaskingClient extends Client {
  /** This session's client-side tasks; emptied (and their work aborted) when the connection closes. */
  readonly clientTasks = new ClientTaskStore();
  private readonly tasksDeclared: boolean;

  constructor(info: Implementation, options?: ClientOptions) {
    super(info, options);
    this.tasksDeclared = options?.capabilities?.tasks !== undefined;
    if (this.tasksDeclared) this.answerTaskRequests();
  }

  protected override _wrapHandler(
    method: string,
    handler: Parameters<Client["_wrapHandler"]>[1],
  ): ReturnType<Client["_wrapHandler"]> {
    const checked = super._wrapHandler(method, handler);
    if (!TASK_METHODS.has(method)) return checked;
    // The SDK's handler types know no CreateTaskResult: the task answer is typed here, by hand.
    const wrapped = checked as unknown as Handler;
    // Both eras' requests pass here before the SDK's schema rewrites them (a wire request, or an
    // `input_required` round's embedded one): the raw elicitation URL is kept for the guard.
    const run = (request: TaskRequest, ctx: ClientContext) => {
      if (method === "elicitation/create") keepRawElicitationUrl(request, ctx);
      return wrapped(request, ctx);
    };
    return (async (request: TaskRequest, ctx: ClientContext) => {
      const task = request.params?.task;
      if (task === undefined || this.getProtocolEra() === "modern" || !this.tasksDeclared) {
        return run(request, ctx);
      }
      const { task: _task, ...params } = request.params ?? {};
      const ttl = typeof task === "object" && task !== null ? (task as { ttl?: unknown }).ttl : undefined;
      return this.clientTasks.create(ttl, (signal) =>
        run({ ...request, params }, { ...ctx, mcpReq: { ...ctx.mcpReq, signal } }),
      );
    }) as unknown as ReturnType<Client["_wrapHandler"]>;
  }

  protected override _onclose(): void {
    this.clientTasks.close();
    super._onclose();
  }

  private answerTaskRequests(): void {
    const tasks = this.clientTasks;
    this.setRequestHandler("tasks/get", { params: taskIdParams }, ({ taskId }) => tasks.get(taskId));
    this.setRequestHandler("tasks/result", { params: taskIdParams }, ({ taskId }, ctx) =>
      tasks.result(taskId, ctx.mcpReq.signal),
    );
    this.setRequestHandler("tasks/cancel", { params: taskIdParams }, ({ taskId }) => tasks.cancel(taskId));
    this.setRequestHandler("tasks/list", { params: z.object({ cursor: z.string().optional() }) }, () =>
      tasks.list(),
    );
  }
}
