/**
 * Runs one server's state machine: feeds events to the pure `transition`, keeps what it returns,
 * announces public state changes and performs the effects (sessions opened and closed, timers
 * armed and cleared, tools withdrawn). It holds no fact of its own beside the machine.
 * @module
 */

import { onAbort } from "../abort-fanout.js";
import { StateWaiters } from "../calls/state-waiters.js";
import type { ServerConfig } from "../config/server-config.js";
import { isMcpCoreError, McpCoreError } from "../errors.js";
import {
  type Effect,
  initialMachine,
  type LifecycleContext,
  type LifecycleEvent,
  type LifecycleState,
  type LostReason,
  type Machine,
  publicState,
} from "../machine/lifecycle-state.js";
import { stateInfo } from "../machine/state-info.js";
import { recordStep } from "../machine/step-record.js";
import { transition } from "../machine/transition.js";
import { redactError } from "../redact/redact-error.js";
import { holdProcessOpen } from "../supervision/keep-alive.js";
import { RestartTimers } from "../supervision/restart-timers.js";
import { Supervision } from "../supervision/supervision.js";
import { serverStateEvent } from "../tracing/server-events.js";
import type { McpSession } from "../transport/session.js";
import type { ConnectionDeps } from "./connection-deps.js";
import type { ConnectionEvents } from "./connection-events.js";
import type { ConnectionParts } from "./connection-parts.js";
import { startAborted } from "./start-failure.js";

export class ConnectionRunner {
  /** The machine's value; only `dispatch` replaces it, with what `transition` returns. */
  private machine: Machine;
  /** The attempt in progress (start() is single-flight). */
  private attempt: Promise<void> | undefined;
  /** Calls waiting for a state (`whenRunning`). */
  readonly waiters = new StateWaiters();
  /** Session closes in progress; made on the first close (a lazy server may never open one). */
  private closes: Set<Promise<void>> | undefined;
  private readonly timers = new RestartTimers();
  private readonly supervision: Supervision;
  /** Removes this server's wait on the load signal (shared by every server: one listener on it). */
  private readonly offOuterAbort: () => void;

  private readonly onOuterAbort = () => {
    // The load signal ends supervision at once: no further attempts, the current one aborted.
    this.parts.opener.abortDiscoveries();
    const state = this.state;
    if (state.kind === "starting" || (state.kind === "error" && state.retry)) this.dispatch({ type: "halt" });
  };

  constructor(
    private readonly config: ServerConfig,
    private readonly deps: ConnectionDeps,
    private readonly parts: ConnectionParts,
    private readonly events: ConnectionEvents,
  ) {
    this.machine = initialMachine(deps.autoRestart);
    this.supervision = new Supervision(deps.healthCheck, config.name, (session, error) =>
      this.onLost(session, error, "health-check"),
    );
    events.on("lost", (session, error) => this.onLost(session, error, lostReason(error)));
    this.offOuterAbort = deps.signal ? onAbort(deps.signal, this.onOuterAbort) : () => {};
  }

  /** The current state. */
  get state(): LifecycleState {
    return this.machine.state;
  }

  /** The facts beside the state: counts, the last error, the env entries. */
  get context(): Readonly<LifecycleContext> {
    return this.machine.context;
  }

  /** Moves the machine, announces a change of the public state, then performs the effects. */
  private dispatch(event: LifecycleEvent): void {
    const before = this.machine;
    const previous = before.state;
    const result = transition(before, event);
    if (!result) {
      this.parts.warn(
        `MCP server "${this.config.name}": internal: "${event.type}" is not valid while ${previous.kind}`,
      );
      return;
    }
    const next = result.state;
    this.machine = { state: next, context: result.context };
    recordStep(this.config.name, before, event, result);
    if (publicState(previous) !== publicState(next)) {
      const info = stateInfo(previous, next, result.reason, result.context.attempts);
      serverStateEvent(this.config, publicState(next), info);
      this.deps.onState(this.config.name, publicState(next), info);
    }
    for (const effect of result.effects) this.perform(effect);
    this.waiters.notify(publicState(next));
    this.parts.changed.fire();
  }

  /** How each effect is performed (SPEC §8.1 says what each one means). */
  private readonly handlers: { [T in Effect["type"]]: (effect: Extract<Effect, { type: T }>) => void } = {
    "open-session": () => {
      const state = this.state;
      if (state.kind === "starting") this.track(this.runAttempt(state));
    },
    "abort-attempt": (effect) => effect.abort.abort(),
    "cancel-retry": () => this.timers.cancelRetry(),
    "schedule-retry": (effect) =>
      this.timers.scheduleRetry(effect.retry.delayMs, () => {
        const state = this.state;
        if (state.kind === "error" && state.retry) void this.startAs("restart").catch(() => {});
      }),
    supervise: (effect) => {
      this.supervision.arm(effect.session);
      if (effect.stableAfterMs !== undefined)
        this.timers.armStable(effect.stableAfterMs, () => this.dispatch({ type: "stable" }));
      this.parts.idle.arm();
      this.events.emit("session-started", effect.session);
    },
    unsupervise: () => {
      this.supervision.disarm();
      this.timers.disarmStable();
      this.parts.idle.clear();
      this.parts.refresher.cancel();
      this.events.emit("session-ended");
    },
    "close-session": (effect) => {
      const closing = this.parts.opener.close(effect.session);
      this.closes ??= new Set();
      const closes = this.closes;
      closes.add(closing);
      void closing.finally(() => closes.delete(closing));
    },
    "withdraw-tools": () => this.parts.listing.withdraw(),
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

  /** As `start`, saying why (`restart`: `restart()` or an auto-restart attempt). */
  startAs(reason: "start" | "restart"): Promise<void> {
    switch (this.state.kind) {
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
    const { opener, listing } = this.parts;
    const release = holdProcessOpen();
    try {
      if (this.deps.signal?.aborted) throw startAborted(this.config.name);
      const opened = await opener.openAndList(abort.signal);
      if (abort.signal.aborted || this.state !== attempt) {
        await opened.session.close().catch(() => {});
        throw startAborted(this.config.name);
      }
      listing.offer(opened.tools, "session");
      this.dispatch({
        type: "ready",
        session: opened.session,
        at: Date.now(),
        envEntries: opened.envEntries,
      });
    } catch (error) {
      const failure = opener.failure(error, abort.signal.aborted);
      if (this.state !== attempt) this.dispatch({ type: "abandoned", error: failure });
      else if (failure.code === "AUTH_REQUIRED") this.dispatch(this.authRequired(failure));
      else this.dispatch({ type: "fail", error: failure, halted: this.deps.signal?.aborted === true });
      throw failure;
    } finally {
      release();
    }
  }

  /** The transport of the running session died (crash, lost session, missed pings). */
  private onLost(session: McpSession, error: Error, reason: LostReason): void {
    const state = this.state;
    if (state.kind !== "running" || state.session !== session) return;
    const redacted = redactError(error, this.parts.redactor);
    if (isMcpCoreError(redacted) && redacted.code === "AUTH_REQUIRED")
      this.dispatch(this.authRequired(redacted));
    else this.dispatch({ type: "lost", error: redacted, reason, halted: this.deps.signal?.aborted === true });
  }

  /** The event of an authorization only a person can give, with where they give it. */
  private authRequired(error: Error): LifecycleEvent {
    const authorizationUrl = this.parts.opener.sessions.auth?.authorizationUrl()?.href;
    return { type: "auth-required", error, authorizationUrl };
  }

  /** Stops the server (tools stay listed); cancels a start or a pending restart. */
  async stop(reason: "stop" | "idle" = "stop"): Promise<void> {
    if (this.state.kind === "closed") return;
    const attempt = this.attempt;
    this.dispatch({ type: "stop", reason });
    await this.quiesce(attempt);
  }

  /** Waits for an aborted attempt and every session close to finish. */
  private async quiesce(attempt: Promise<void> | undefined): Promise<void> {
    await attempt?.catch(() => {});
    await Promise.all(this.closes ?? []);
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
      const state = this.state;
      if (state.kind === "starting") await this.attempt?.catch(() => {});
      else if (state.kind === "error" && state.retry) await this.parts.changed.next();
      else {
        const refreshing = this.parts.refresher.pending();
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
    if (this.state.kind === "closed") return;
    const { opener, output } = this.parts;
    this.offOuterAbort();
    opener.abortDiscoveries();
    opener.sessions.auth?.close();
    const attempt = this.attempt;
    this.dispatch({ type: "close" });
    await this.quiesce(attempt);
    output.close();
  }
}

function lostReason(error: Error): LostReason {
  return isMcpCoreError(error) && error.code === "SESSION_LOST" ? "session-lost" : "crash";
}
