/**
 * One server's connection: owns its state machine, its session, restarts with backoff, refresh,
 * health checks and lazy start. The registry holds its tools; wrappers call back in here.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ServerConfig } from "../config/server-config.js";
import { guardElicitation } from "../elicitation/guard-elicitation.js";
import { errorMessage, McpCoreError } from "../errors.js";
import type { ResolvedAutoRestart, ResolvedHealthCheck } from "../options.js";
import { redactError, redactResult } from "../redact/redact-error.js";
import { Redactor } from "../redact/redactor.js";
import { errorResult } from "../tools/call-result.js";
import type { Listing } from "../tools/list-tools.js";
import { filterTools } from "../tools/tool-filter.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { McpSession, SessionParams } from "../transport/session.js";
import type {
  ConnectionState,
  EnvEntry,
  McpCallContext,
  McpTool,
  McpToolResult,
  StateInfo,
} from "../types.js";
import { CappedDebounce } from "./capped-debounce.js";
import { HealthMonitor } from "./health-monitor.js";
import { holdProcessOpen } from "./keep-alive.js";
import type { LaunchEnvOptions } from "./launch-env.js";
import { RefreshQueue } from "./refresh-queue.js";
import { RestartBudget } from "./restart-budget.js";
import { runCall } from "./run-call.js";
import { SessionFactory } from "./session-factory.js";
import { type ConnectionEvent, transition } from "./state-machine.js";
import { StateWaiters } from "./state-waiters.js";
import { withinCallBounds } from "./within-call-bounds.js";

/** Everything a connection needs from the source. */
export interface ConnectionDeps {
  registry: ToolRegistry;
  autoRestart: ResolvedAutoRestart;
  healthCheck: ResolvedHealthCheck;
  liveToolList: boolean;
  listChangedDebounceMs: number;
  lazy: boolean;
  killGraceMs: number;
  maxFrameBytes: number;
  launch: LaunchEnvOptions;
  signal?: AbortSignal;
  onElicitation?: SessionParams["onElicitation"];
  onState: (server: string, state: ConnectionState, info: StateInfo) => void;
  warn: (message: string) => void;
  /** Called with every listing a live session produced (the lazy cache keeps it). */
  onListing?: (tools: Tool[]) => void;
}

export class Connection implements ToolCaller {
  private current: ConnectionState = "stopped";
  private session?: McpSession;
  private starting?: Promise<void>;
  private restarting?: Promise<void>;
  private attemptAbort?: AbortController;
  private idleTimer?: NodeJS.Timeout;
  private health?: HealthMonitor;
  private readonly waiters = new StateWaiters();
  private readonly refreshQueue = new RefreshQueue(() => this.relist());
  private readonly budget: RestartBudget;
  private readonly sessions: SessionFactory;
  /** The values of this server's headers and credential-shaped env, kept out of what we surface. */
  private readonly redactor = new Redactor();
  /** Every warning about this server, redacted. */
  private readonly warn = (message: string) => this.deps.warn(this.redactor.redact(message));
  /** Aborts of background discoveries in progress (close and the load signal end them). */
  private readonly discoveries = new Set<() => void>();
  private readonly listChanged: CappedDebounce;
  private inFlightCalls = 0;
  private gaveUp = false;
  private closed = false;
  private runningSince?: number;
  private lastStderr?: string;
  /** Auto-restart applies only to a server that has run once: a failed first start stays failed. */
  private supervised = false;
  /** Set by stop(): a start that fails because it was stopped must not schedule a retry. */
  private halted = false;
  restarts = 0;
  lastError?: Error;
  envEntries?: EnvEntry[];

  private readonly onOuterAbort = () => {
    // The load signal ends supervision at once: no further attempts, the current one aborted.
    this.budget.cancel();
    this.attemptAbort?.abort();
    for (const abort of this.discoveries) abort();
    this.waiters.notify(this.current);
  };

  constructor(
    readonly config: ServerConfig,
    private readonly deps: ConnectionDeps,
  ) {
    this.budget = new RestartBudget(deps.autoRestart);
    this.sessions = new SessionFactory(
      config,
      deps.launch,
      deps.killGraceMs,
      deps.onElicitation && guardElicitation(config.name, deps.onElicitation, this.warn),
      this.redactor,
      deps.maxFrameBytes,
    );
    const debounceMs = deps.listChangedDebounceMs;
    this.listChanged = new CappedDebounce(
      debounceMs,
      10 * debounceMs,
      () => void this.refresh().catch(() => {}),
    );
    deps.signal?.addEventListener("abort", this.onOuterAbort, { once: true });
  }

  get state(): ConnectionState {
    return this.current;
  }

  get lazy(): boolean {
    return this.deps.lazy;
  }

  get pid(): number | undefined {
    return this.session?.pid ?? undefined;
  }

  get uptimeMs(): number | undefined {
    return this.runningSince === undefined ? undefined : Date.now() - this.runningSince;
  }

  get stderrTail(): string | undefined {
    return this.redactor.redact(this.session?.stderrTail() ?? this.lastStderr);
  }

  private apply(event: ConnectionEvent, info: Omit<StateInfo, "previous"> = {}): void {
    const previous = this.current;
    const next = transition(previous, event);
    if (next === undefined) {
      this.warn(`MCP server "${this.config.name}": ignored "${event.type}" while ${previous}`);
      return;
    }
    this.current = next;
    if (next === "running") this.runningSince = Date.now();
    else this.runningSince = undefined;
    this.deps.onState(this.config.name, next, { previous, ...info });
    this.waiters.notify(next);
  }

  /** Starts the server; single-flight; resolves once it is running. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError());
    if (this.current === "running") return Promise.resolve();
    this.budget.cancel();
    this.halted = false;
    if (!this.starting) {
      this.gaveUp = false;
      this.starting = this.connectOnce().finally(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  private async connectOnce(): Promise<void> {
    this.apply({ type: "start" }, this.budget.attempt > 0 ? { attempt: this.budget.attempt } : {});
    const abort = new AbortController();
    this.attemptAbort = abort;
    const release = holdProcessOpen();
    let session: McpSession | undefined;
    try {
      if (this.deps.signal?.aborted)
        throw new McpCoreError("ABORTED", `MCP server "${this.config.name}": start aborted`);
      const opened = await this.sessions.open(abort.signal, {
        ...(this.deps.liveToolList ? { onListChanged: () => this.listChanged.trigger() } : {}),
        onLost: (error) => this.onLost(error),
        onWarning: this.warn,
      });
      session = opened.session;
      this.envEntries = opened.envEntries;
      const listing = await session.listTools({ timeoutMs: this.config.timeoutMs, signal: abort.signal });
      if (abort.signal.aborted)
        throw new McpCoreError("ABORTED", `MCP server "${this.config.name}": start aborted`);
      this.session = session;
      this.applyListing(listing);
      this.lastError = undefined;
      this.supervised = true;
      this.apply({ type: "ready" });
      this.afterRunning();
    } catch (error) {
      this.lastStderr =
        session?.stderrTail() ??
        (error instanceof McpCoreError ? error.stderrTail : undefined) ??
        this.lastStderr;
      await session?.close().catch(() => {});
      if (this.session === session) this.session = undefined;
      const failure = redactError(this.sessions.failure(error, abort.signal.aborted), this.redactor);
      this.lastError = failure;
      if (this.current === "starting") this.onAttemptFailed(failure);
      throw failure;
    } finally {
      release();
      if (this.attemptAbort === abort) this.attemptAbort = undefined;
    }
  }

  private afterRunning(): void {
    const session = this.session;
    if (!session) return;
    this.budget.armStableReset();
    this.health = new HealthMonitor(
      this.deps.healthCheck,
      (ms) => session.ping(ms),
      (missed) =>
        this.onLost(
          new McpCoreError(
            "CONNECTION_CLOSED",
            `MCP server "${this.config.name}" missed ${missed} health-check pings`,
            {
              server: this.config.name,
            },
          ),
        ),
    );
    this.health.start();
    this.armIdleTimer();
  }

  /** The transport died (crash, lost session, unreachable, hung): error, then maybe restart. */
  private onLost(lostError: Error): void {
    if (this.current !== "running" || this.closed) return;
    const error = redactError(lostError, this.redactor);
    const session = this.session;
    this.session = undefined;
    this.lastStderr = session?.stderrTail() ?? this.lastStderr;
    this.teardownRunning();
    // Kill what is left (a hung child, a GET stream still retrying); never awaited here.
    void session?.close().catch(() => {});
    this.lastError = error;
    this.fail({ type: "lost", error }, "crash");
  }

  private onAttemptFailed(error: Error): void {
    this.fail({ type: "fail", error }, "start failed");
  }

  /** Moves to `error` and decides the next step before announcing it. */
  private fail(event: ConnectionEvent & { error: Error }, reason: string): void {
    const policy = this.deps.autoRestart;
    if (!policy.enabled || !this.supervised || this.halted || this.closed || this.deps.signal?.aborted) {
      this.apply(event, { error: event.error, reason });
      return;
    }
    if (this.budget.exhausted) {
      this.apply(event, { error: event.error, reason: "gave up", attempt: this.budget.attempt });
      this.giveUp();
      return;
    }
    const next = this.budget.schedule(() => {
      this.start().then(
        () => {
          this.restarts++;
        },
        () => {},
      );
    });
    this.apply(event, { error: event.error, reason, attempt: next.attempt, nextDelayMs: next.delayMs });
  }

  private giveUp(): void {
    this.gaveUp = true;
    this.deps.registry.remove(this.config.name);
    this.waiters.notify(this.current);
  }

  private teardownRunning(): void {
    this.health?.stop();
    this.health = undefined;
    this.budget.disarmStableReset();
    clearTimeout(this.idleTimer);
    this.listChanged.cancel();
  }

  /** Stops the server (tools stay listed); cancels a start or a pending restart. */
  async stop(): Promise<void> {
    this.halted = true;
    this.budget.cancel();
    this.attemptAbort?.abort();
    await this.starting?.catch(() => {});
    this.teardownRunning();
    const session = this.session;
    this.session = undefined;
    if (this.current !== "stopped") this.apply({ type: "stop" }, { reason: "stop" });
    this.budget.reset();
    await session?.close();
  }

  /** stop → start, single-flight; tools keep their final names. */
  restart(): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError());
    if (!this.restarting) {
      this.restarting = (async () => {
        await this.stop();
        await this.start();
        this.restarts++;
      })().finally(() => {
        this.restarting = undefined;
      });
    }
    return this.restarting;
  }

  /** Re-lists a running server and reconciles; a failed listing keeps the previous generation. */
  refresh(): Promise<void> {
    if (this.current !== "running") return Promise.resolve();
    return this.refreshQueue.request();
  }

  /** A live listing becomes the server's generation (the `tools` map applied) and is reported. */
  private applyListing(listing: Listing): void {
    for (const warning of listing.warnings) this.warn(warning);
    this.deps.registry.swap(this.config.name, filterTools(listing.tools, this.config.tools), this);
    this.deps.onListing?.(listing.tools);
  }

  private async relist(): Promise<void> {
    const session = this.session;
    if (!session || this.current !== "running") return;
    try {
      const listing = await session.listTools({ timeoutMs: this.config.timeoutMs });
      if (this.session !== session) return;
      this.applyListing(listing);
    } catch (error) {
      this.warn(
        `MCP server "${this.config.name}": tool refresh failed, keeping the previous tools: ${errorMessage(error)}`,
      );
    }
  }

  /**
   * Lists the server's tools on a throwaway session (connect → list → close) without touching
   * the state machine: a lazy server's background discovery on a cache miss.
   */
  async discover(): Promise<Tool[]> {
    if (this.closed) throw this.closedError();
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    this.discoveries.add(onAbort);
    try {
      return await this.sessions.discover(abort.signal, this.warn);
    } catch (error) {
      throw redactError(error, this.redactor);
    } finally {
      this.discoveries.delete(onAbort);
    }
  }

  /** Waits for `running`; rejects when the server gives up, stops, closes, or the time runs out. */
  private async ready(timeoutMs: number, signal: AbortSignal | undefined): Promise<McpSession> {
    // A lazy server starts on demand, so a call also retries one whose on-demand start failed.
    const idleLazy =
      this.current === "stopped" || (this.current === "error" && !this.budget.scheduled && !this.gaveUp);
    if (this.deps.lazy && idleLazy) {
      // The on-demand start is bounded by this call, not the server's start timeout; if the call
      // gives up first, the start goes on and serves later calls.
      const started = this.start();
      started.catch(() => {});
      await withinCallBounds(started, { timeoutMs, signal, server: this.config.name });
    }
    if (this.current !== "running") {
      if (this.current === "stopped") throw new Error(`MCP server "${this.config.name}" is stopped`);
      if (this.current === "error" && !this.budget.scheduled) {
        // The last error usually names the server already; say it once.
        const prefix = `MCP server "${this.config.name}" `;
        const reason = errorMessage(this.lastError);
        throw new Error(
          `${prefix}is unavailable: ${reason.startsWith(prefix) ? reason.slice(prefix.length) : reason}`,
        );
      }
      await this.waiters.waitFor(
        (state) =>
          state === "running" || state === "stopped" || (state === "error" && !this.budget.scheduled),
        timeoutMs,
        signal,
        this.config.name,
      );
      return this.ready(0, signal);
    }
    if (!this.session) throw new Error(`MCP server "${this.config.name}" has no session`);
    return this.session;
  }

  /** Calls a tool; the error texts of the result are redacted. */
  async callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult> {
    return redactResult(await this.callToolUnredacted(tool, args, ctx), this.redactor);
  }

  private async callToolUnredacted(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult> {
    const timeoutMs = ctx?.timeout ?? this.config.timeoutMs;
    if (this.closed) return errorResult("unavailable", this.closedError().message);
    const removed = () =>
      errorResult(
        "unavailable",
        `Tool "${tool.name}" is no longer offered by MCP server "${this.config.name}"`,
      );
    if (!this.deps.registry.has(this.config.name, tool.rawName) && !this.gaveUp) return removed();
    this.inFlightCalls++;
    clearTimeout(this.idleTimer);
    try {
      let session: McpSession;
      try {
        session = await this.ready(timeoutMs, ctx?.signal);
      } catch (error) {
        if (ctx?.signal?.aborted) {
          return errorResult(
            "aborted",
            `Call to tool "${tool.name}" on MCP server "${this.config.name}" was aborted`,
          );
        }
        const timedOut = error instanceof McpCoreError && error.code === "START_TIMEOUT";
        return errorResult(timedOut ? "timeout" : "unavailable", errorMessage(error));
      }
      if (!this.deps.registry.has(this.config.name, tool.rawName)) return removed();
      return await runCall(
        session,
        { server: this.config.name, tool: tool.name, rawName: tool.rawName },
        args,
        ctx,
        timeoutMs,
      );
    } finally {
      this.inFlightCalls--;
      this.armIdleTimer();
    }
  }

  private armIdleTimer(): void {
    const idle = this.config.idleTimeoutMs;
    if (!this.deps.lazy || idle === undefined || this.inFlightCalls > 0 || this.current !== "running") return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.inFlightCalls === 0 && this.current === "running") void this.stop().catch(() => {});
    }, idle);
    this.idleTimer.unref();
  }

  private closedError(): McpCoreError {
    return new McpCoreError("CLOSED", `MCP source is closed (server "${this.config.name}")`, {
      server: this.config.name,
    });
  }

  /** Final: stops everything and refuses further work. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.deps.signal?.removeEventListener("abort", this.onOuterAbort);
    for (const abort of this.discoveries) abort();
    await this.stop();
    this.waiters.notify(this.current);
  }
}
