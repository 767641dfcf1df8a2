/**
 * One server's connection: the operations the source and the tool wrappers use, over the runner
 * of its state machine. The call gate is a `switch` on the state (`callGate`).
 * @module
 */
import type { AuthCallback } from "../auth/auth-callback.js";
import { McpCoreError } from "../errors.js";
import { getPrompt, readResource } from "../resources/resource-requests.js";
import { ServerCatalog } from "../resources/server-catalog.js";
import { serverLabel } from "../server-message.js";
import type { CatalogEvent, McpSession } from "../transport/session.js";
import type {
  ConnectionState,
  McpCallContext,
  McpPromptResult,
  McpResourceResult,
  McpTool,
  McpToolResult,
} from "../types.js";
import { callGate, type GateVerdict, gateError } from "./call-gate.js";
import { ConnectionCalls } from "./connection-calls.js";
import { ConnectionRunner } from "./connection-runner.js";
import { publicState } from "./lifecycle-state.js";
import type { ServerOpener } from "./server-opener.js";
import type { KnownProtocol } from "./session-factory.js";
import { withinCallBounds } from "./within-call-bounds.js";

export class Connection extends ConnectionRunner {
  private restarting: Promise<void> | undefined;
  private readonly calls = new ConnectionCalls(this);
  /** The server's resources, templates and prompts, and its resource subscriptions. */
  readonly catalog = new ServerCatalog({
    server: this.config.name,
    timeoutMs: this.config.timeoutMs,
    debounceMs: this.deps.listChangedDebounceMs,
    events: this.deps.catalogEvents,
    warn: (message) => this.deps.warn(this.redactor.redact(message)),
    onListed: this.deps.onCatalog,
  });

  /** Reads a resource under the rules of a tool call. */
  readResource(uri: string, ctx: McpCallContext | undefined): Promise<McpResourceResult> {
    return readResource(this.calls, this.redactor, this.config.name, uri, ctx, this.deps.maxResultBytes);
  }

  /** Gets a prompt under the rules of a tool call. */
  getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    ctx: McpCallContext | undefined,
  ): Promise<McpPromptResult> {
    return getPrompt(this.calls, this.redactor, this.config.name, name, args, ctx);
  }

  protected sessionReady(session: McpSession): void {
    this.catalog.sessionStarted(session);
  }

  protected sessionEnded(): void {
    this.catalog.sessionEnded();
  }

  protected catalogEvent(event: CatalogEvent): void {
    this.catalog.notified(event);
  }

  /** As the runner's, and no catalog listing or debounce pending either. */
  override async whenSettled(): Promise<void> {
    for (;;) {
      await super.whenSettled();
      const listing = this.catalog.pending();
      if (!listing) return;
      await listing;
    }
  }

  callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult> {
    return this.calls.callTool(tool, args, ctx);
  }

  get state(): ConnectionState {
    return publicState(this.current);
  }

  /** The most bytes one tool result hands the host (the `maxResultBytes` load option). */
  get maxResultBytes(): number {
    return this.deps.maxResultBytes;
  }

  get lazy(): boolean {
    return this.deps.lazy;
  }

  get pid(): number | undefined {
    return this.current.kind === "running" ? this.current.session.pid : undefined;
  }

  get uptimeMs(): number | undefined {
    return this.current.kind === "running" ? Date.now() - this.current.since : undefined;
  }

  /** The negotiated version: the running session's, else the last known (a lazy server's cache). */
  get protocolVersion(): string | undefined {
    const live = this.current.kind === "running" ? this.current.session.protocol.version : undefined;
    return live ?? this.opener.sessions.protocol?.version;
  }

  /** The transport the latest session spoke (`"sse"` after the legacy SSE fallback). */
  get transportUsed(): "stdio" | "http" | "sse" | undefined {
    return this.opener.sessions.lastProtocol?.transport;
  }

  /** In `needs-auth`: where a person authorizes the server. */
  get authorizationUrl(): string | undefined {
    return this.current.kind === "needs-auth" ? this.current.authorizationUrl : undefined;
  }

  /** Whether the server reports tool-list changes, as its latest session found. */
  get toolListUpdates(): "live" | "unsupported" | undefined {
    return this.opener.sessions.lastProtocol?.toolListUpdates;
  }

  /** The server's instructions: the latest session's, else the listing cache's; redacted. */
  get instructions(): string | undefined {
    return this.redactor.redact(this.opener.sessions.instructions);
  }

  /** Starts with the listing cache's instructions until a session brings its own. */
  adoptInstructions(instructions: string | undefined): void {
    this.opener.sessions.adoptInstructions(instructions);
  }

  get stderrTail(): string | undefined {
    const live = this.current.kind === "running" ? this.current.session.stderrTail() : undefined;
    return this.redactor.redact(live ?? this.opener.lastStderr);
  }

  /** stop → start, single-flight; tools keep their final names. */
  restart(): Promise<void> {
    if (this.current.kind === "closed") return Promise.reject(this.closedError());
    this.restarting ??= (async () => {
      await this.stop();
      await this.startAs("restart");
    })().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }

  /**
   * Completes a server's OAuth authorization with the redirect a person reached (its URL, or its
   * `code` and `state`) and starts the server; resolves once it runs.
   */
  async authorize(input: AuthCallback): Promise<void> {
    if (this.current.kind === "closed") throw this.closedError();
    const auth = this.opener.sessions.auth;
    if (!auth) {
      throw new McpCoreError(
        "AUTH_REQUIRED",
        `${serverLabel(this.config.name)} has no OAuth "auth" configured`,
        {
          server: this.config.name,
        },
      );
    }
    await auth.finish(input);
    await this.start();
  }

  /** Re-lists a running server and reconciles; a failed listing keeps the previous generation. */
  refresh(): Promise<void> {
    return this.refresher.request();
  }

  /** Starts from a cached era verdict (a lazy server's listing cache), so its start negotiates nothing. */
  adoptProtocol(known: KnownProtocol): void {
    this.opener.sessions.adoptProtocol(known);
  }

  /** A lazy server's background discovery on a cache miss (connect → list → close). */
  discover(): ReturnType<ServerOpener["discover"]> {
    if (this.current.kind === "closed") return Promise.reject(this.closedError());
    return this.opener.discover();
  }

  /** What a call would do now. */
  verdict(): GateVerdict {
    return callGate(this.current, this.deps.lazy);
  }

  /**
   * The live session once the server runs: starts a lazy server on demand and waits through a
   * start or a scheduled restart, within the call's `timeoutMs` and `signal`; otherwise throws a
   * `CallGateError` whose code says why (stopped, failed, restarts exhausted, closed).
   */
  async whenRunning(
    timeoutMs: number,
    signal: AbortSignal | undefined,
    mayStart = this.deps.lazy,
  ): Promise<McpSession> {
    const server = this.config.name;
    const deadline = Date.now() + timeoutMs;
    const verdict = callGate(this.current, mayStart);
    switch (verdict.go) {
      case "call":
        return verdict.session;
      case "fail":
        throw gateError(verdict.code, server, this.lastError);
      case "start": {
        // Bounded by this call, not the server's start timeout; if the call gives up first, the
        // start goes on and serves later calls.
        const started = this.start();
        started.catch(() => {});
        await withinCallBounds(started, { timeoutMs, signal, server });
        break;
      }
      case "wait":
        await this.waiters.waitFor(
          () => callGate(this.current, false).go !== "wait",
          timeoutMs,
          signal,
          server,
        );
    }
    // Re-checked with what is left of the call's time (a crash right after ready may mean a restart).
    return this.whenRunning(Math.max(0, deadline - Date.now()), signal, false);
  }
}
