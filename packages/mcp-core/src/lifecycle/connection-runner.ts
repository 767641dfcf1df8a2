import type { ServerConfig } from "../config/server-config.js";
import { guardElicitation } from "../elicitation/guard-elicitation.js";
import { isMcpCoreError, McpCoreError } from "../errors.js";
import { ServerOutput } from "../logs/server-output.js";
import { redactError } from "../redact/redact-error.js";
import { Redactor } from "../redact/redactor.js";
import { ServerListing } from "../tools/server-listing.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { CatalogEvent, McpSession } from "../transport/session.js";
import type { EnvEntry, McpCallContext, McpTool, McpToolResult } from "../types.js";
import type { ConnectionDeps } from "./connection-deps.js";
import { IdleStop } from "./idle-stop.js";
import { holdProcessOpen } from "./keep-alive.js";
import type { Effect, LifecycleEvent, LifecycleState, LostReason, Machine } from "./lifecycle-state.js";
import { initialMachine, publicState } from "./lifecycle-state.js";
import { Pulse } from "./pulse.js";
import { RestartTimers } from "./restart-timers.js";
import { ServerOpener } from "./server-opener.js";
import { ServerRefresh } from "./server-refresh.js";
import { SessionFactory } from "./session-factory.js";
import { startAborted } from "./start-failure.js";
import { stateInfo } from "./state-info.js";
import { StateWaiters } from "./state-waiters.js";
import { recordStep } from "./step-record.js";
import { Supervision } from "./supervision.js";
import { transition } from "./transition.js";

/** The machine and its effects; `Connection` adds the operations callers use. */
export abstract class ConnectionRunner implements ToolCaller {
  /** The state machine's value; only `dispatch` replaces it, with what `transition` returns. */
  protected machine: Machine;
  /** The attempt in progress (start() is single-flight). */
  protected attempt: Promise<void> | undefined;
  protected readonly waiters = new StateWaiters();
  /** Fires after every transition and every debounced notification: `whenSettled` re-checks. */
  private readonly changed = new Pulse();
  private readonly closes = new Set<Promise<void>>();
  private readonly timers = new RestartTimers();
  private readonly supervision: Supervision;
  protected readonly opener: ServerOpener;
  /** The one writer of this server's tool generation. */
  readonly listing: ServerListing;
  /** A lazy server's idle timeout. */
  readonly idle: IdleStop;
  /** The values of this server's headers and credential-shaped env, kept out of what we surface. */
  readonly redactor = new Redactor();
  /** The server's log messages and stderr lines on their way to the host. */
  readonly output: ServerOutput;
  /** Every warning about this server, redacted. */
  private readonly warn = (message: string) => this.deps.warn(this.redactor.redact(message));
  protected readonly refresher: ServerRefresh;

  /** The current state (the machine's). */
  protected get current(): LifecycleState {
    return this.machine.state;
  }

  /** Auto-restarts (and `restart()` calls) that reached `running`. */
  get restarts(): number {
    return this.machine.context.restarts;
  }

  /** The last failure (a start's, a lost transport's, an authorization's). */
  get lastError(): Error | undefined {
    return this.machine.context.lastError;
  }

  /** The env names and origins the latest session was given. */
  get envEntries(): EnvEntry[] | undefined {
    return this.machine.context.envEntries;
  }

  private readonly onOuterAbort = () => {
    // The load signal ends supervision at once: no further attempts, the current one aborted.
    this.opener.abortDiscoveries();
    const state = this.current;
    if (state.kind === "starting" || (state.kind === "error" && state.retry)) this.dispatch({ type: "halt" });
  };

  constructor(
    readonly config: ServerConfig,
    protected readonly deps: ConnectionDeps,
  ) {
    this.machine = initialMachine(deps.autoRestart);
    this.supervision = new Supervision(deps.healthCheck, config.name, (session, error) =>
      this.onLost(session, error, "health-check"),
    );
    this.output = new ServerOutput(config.name, deps.output, this.redactor);
    const onListing = deps.onListing;
    this.listing = new ServerListing(
      config,
      deps.registry,
      this,
      onListing &&
        ((tools) => {
          const { sessions } = this.opener;
          onListing(tools, sessions.protocol, this.redactor.redact(sessions.instructions));
        }),
      this.warn,
    );
    this.idle = new IdleStop(
      deps.lazy ? config.idleTimeoutMs : undefined,
      () => this.current.kind === "running",
      () => void this.stop("idle").catch(() => {}),
    );
    const sessions = new SessionFactory(
      config,
      deps.launch,
      deps.child,
      deps.onElicitation && guardElicitation(config.name, deps.onElicitation, this.warn),
      this.redactor,
      deps.maxFrameBytes,
      deps.createAuth?.(config, this.redactor, this.warn, () => void this.start().catch(() => {})),
      this.output,
    );
    this.opener = new ServerOpener(config, sessions, this.redactor, this.warn);
    this.refresher = new ServerRefresh(
      config,
      () => (this.current.kind === "running" ? this.current : undefined),
      this.listing,
      this.warn,
      deps.listChangedDebounceMs,
      this.changed,
    );
    deps.signal?.addEventListener("abort", this.onOuterAbort, { once: true });
  }

  /** Calls a tool of this server (the registry's wrappers call in here). */
  abstract callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult>;

  /** A session runs (after `ready`), and its end: the catalog's hooks. */
  protected abstract sessionReady(session: McpSession): void;
  protected abstract sessionEnded(): void;
  /** A resource or prompt notification of the running session. */
  protected abstract catalogEvent(event: CatalogEvent): void;

  /** Moves the machine, announces a change of the public state, then performs the effects. */
  private dispatch(event: LifecycleEvent): void {
    const before = this.machine;
    const previous = before.state;
    const result = transition(before, event);
    if (!result) {
      this.warn(
        `MCP server "${this.config.name}": internal: "${event.type}" is not valid while ${previous.kind}`,
      );
      return;
    }
    const next = result.state;
    this.machine = { state: next, context: result.context };
    recordStep(this.config.name, before, event, result);
    if (publicState(previous) !== publicState(next)) {
      this.deps.onState(
        this.config.name,
        publicState(next),
        stateInfo(previous, next, result.reason, result.context.attempts),
      );
    }
    for (const effect of result.effects) this.perform(effect);
    this.waiters.notify(publicState(next));
    this.changed.fire();
  }

  /** How each effect is performed (SPEC §8.1 says what each one means). */
  private readonly handlers: { [T in Effect["type"]]: (effect: Extract<Effect, { type: T }>) => void } = {
    "open-session": () => {
      if (this.current.kind === "starting") this.track(this.runAttempt(this.current));
    },
    "abort-attempt": (effect) => effect.abort.abort(),
    "cancel-retry": () => this.timers.cancelRetry(),
    "schedule-retry": (effect) =>
      this.timers.scheduleRetry(effect.retry.delayMs, () => {
        if (this.current.kind === "error" && this.current.retry) void this.startAs("restart").catch(() => {});
      }),
    supervise: (effect) => {
      this.supervision.arm(effect.session);
      if (effect.stableAfterMs !== undefined)
        this.timers.armStable(effect.stableAfterMs, () => this.dispatch({ type: "stable" }));
      this.idle.arm();
      this.sessionReady(effect.session);
    },
    unsupervise: () => {
      this.supervision.disarm();
      this.timers.disarmStable();
      this.idle.clear();
      this.refresher.cancel();
      this.sessionEnded();
    },
    "close-session": (effect) => {
      this.opener.lastStderr = effect.session.stderrTail() ?? this.opener.lastStderr;
      const closing = effect.session.close().catch(() => {});
      this.closes.add(closing);
      void closing.finally(() => this.closes.delete(closing));
    },
    "withdraw-tools": () => this.listing.withdraw(),
    "reset-budget": () => this.timers.clear(),
  };

  private perform(effect: Effect): void {
    (this.handlers[effect.type] as (effect: Effect) => void)(effect);
  }

  /** Keeps the attempt in progress for start()'s single flight, stop() and the settle barrier. */
  private track(attempt: Promise<void>): void {
    const tracked = attempt.finally(() => {
      if (this.attempt === tracked) this.attempt = undefined;
    });
    tracked.catch(() => {});
    this.attempt = tracked;
  }

  /** Starts the server; single-flight; resolves once it is running. */
  start(): Promise<void> {
    return this.startAs("start");
  }

  protected startAs(reason: "start" | "restart"): Promise<void> {
    switch (this.current.kind) {
      case "closed":
        return Promise.reject(this.closedError());
      case "running":
        return Promise.resolve();
      case "starting":
        return this.attempt ?? Promise.resolve();
      default:
        this.dispatch({ type: "start", abort: new AbortController(), reason });
        return this.attempt ?? Promise.reject(this.machine.context.lastError);
    }
  }

  /** One attempt: open and list → `ready`, or `fail` with the classified error. */
  private async runAttempt(attempt: Extract<LifecycleState, { kind: "starting" }>): Promise<void> {
    const { abort } = attempt;
    const release = holdProcessOpen();
    let session: McpSession | undefined;
    try {
      if (this.deps.signal?.aborted) throw startAborted(this.config.name);
      const opened = await this.opener.openAndList(
        abort.signal,
        {
          onListChanged: this.deps.liveToolList ? () => this.refresher.notified() : undefined,
          onCatalogEvent: (event) => this.catalogEvent(event),
          onLost: (error) => session && this.onLost(session, error, lostReason(error)),
          onWarning: this.warn,
        },
        (open) => {
          session = open;
        },
      );
      if (abort.signal.aborted || this.current !== attempt) {
        await opened.session.close().catch(() => {});
        throw startAborted(this.config.name);
      }
      this.listing.offer(opened.tools, "session");
      this.dispatch({
        type: "ready",
        session: opened.session,
        at: Date.now(),
        envEntries: opened.envEntries,
      });
    } catch (error) {
      const failure = this.opener.classify(error, "spawn", abort.signal.aborted);
      if (this.current !== attempt) this.dispatch({ type: "abandoned", error: failure });
      else if (failure.code === "AUTH_REQUIRED") this.dispatch(this.authRequired(failure));
      else this.dispatch({ type: "fail", error: failure, halted: this.deps.signal?.aborted === true });
      throw failure;
    } finally {
      release();
    }
  }

  /** The transport of the running session died (crash, lost session, missed pings). */
  private onLost(session: McpSession, error: Error, reason: LostReason): void {
    if (this.current.kind !== "running" || this.current.session !== session) return;
    const redacted = redactError(error, this.redactor);
    if (isMcpCoreError(redacted) && redacted.code === "AUTH_REQUIRED")
      this.dispatch(this.authRequired(redacted));
    else this.dispatch({ type: "lost", error: redacted, reason, halted: this.deps.signal?.aborted === true });
  }

  /** The event of an authorization only a person can give, with where they give it. */
  private authRequired(error: Error): LifecycleEvent {
    return {
      type: "auth-required",
      error,
      authorizationUrl: this.opener.sessions.auth?.authorizationUrl()?.href,
    };
  }

  /** Stops the server (tools stay listed); cancels a start or a pending restart. */
  async stop(reason: "stop" | "idle" = "stop"): Promise<void> {
    if (this.current.kind === "closed") return;
    const attempt = this.attempt;
    this.dispatch({ type: "stop", reason });
    await this.quiesce(attempt);
  }

  /** Waits for an aborted attempt and every session close to finish. */
  private async quiesce(attempt: Promise<void> | undefined): Promise<void> {
    await attempt?.catch(() => {});
    await Promise.all(this.closes);
  }

  /**
   * Resolves once no transition is pending: the server is not `starting`, no restart is scheduled,
   * no `list_changed` debounce is waiting and no refresh is in flight or queued. A crash loop
   * settles when auto-restart gives up; a background discovery is the source's to wait for.
   */
  async whenSettled(): Promise<void> {
    for (;;) {
      // Lets work already under way (a notification's handler, an exit event) show itself first.
      await new Promise((resolve) => setImmediate(resolve));
      const state = this.current;
      if (state.kind === "starting") await this.attempt?.catch(() => {});
      else if (state.kind === "error" && state.retry) await this.changed.next();
      else {
        const refreshing = this.refresher.pending();
        if (!refreshing) return;
        await refreshing;
      }
    }
  }

  closedError(): McpCoreError {
    return new McpCoreError("CLOSED", `MCP source is closed (server "${this.config.name}")`, {
      server: this.config.name,
    });
  }

  /** Final: stops everything and refuses further work. */
  async close(): Promise<void> {
    if (this.current.kind === "closed") return;
    this.deps.signal?.removeEventListener("abort", this.onOuterAbort);
    this.opener.abortDiscoveries();
    this.opener.sessions.auth?.close();
    const attempt = this.attempt;
    this.dispatch({ type: "close" });
    await this.quiesce(attempt);
    this.output.close();
  }
}

function lostReason(error: Error): LostReason {
  return isMcpCoreError(error) && error.code === "SESSION_LOST" ? "session-lost" : "crash";
}
