/**
 * One server's connection, composed of its parts (`connectionParts`), the runner of its state
 * machine, its call path and its resource catalog; the operations the source and the tool
 * wrappers use. Whether a call may proceed is `callGate` of the state.
 * @module
 */
import type { AuthCallback } from "../auth/auth-callback.js";
import type { CallSite } from "../calls/call-site.js";
import type { ConnectionCalls } from "../calls/connection-calls.js";
import type { ServerConfig } from "../config/server-config.js";
import { errorMessage, McpCoreError } from "../errors.js";
import type { ServerOutput } from "../logs/server-output.js";
import { publicState } from "../machine/lifecycle-state.js";
import type { Redactor } from "../redact/redactor.js";
import { getPrompt, readResource } from "../resources/resource-requests.js";
import { ServerCatalog } from "../resources/server-catalog.js";
import { serverLabel } from "../server-message.js";
import type { IdleStop } from "../supervision/idle-stop.js";
import type { ServerTasks } from "../tasks/server-tasks.js";
import type { TaskRecord } from "../tasks/task-store.js";
import type { ServerListing } from "../tools/server-listing.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type {
  ConnectionState,
  EnvEntry,
  McpCallContext,
  McpPromptResult,
  McpResourceResult,
  McpToolResult,
} from "../types.js";
import { connectionCallPath } from "./connection-call-path.js";
import type { ConnectionDeps } from "./connection-deps.js";
import { ConnectionEvents } from "./connection-events.js";
import { type ConnectionParts, connectionParts } from "./connection-parts.js";
import { ConnectionRunner } from "./connection-runner.js";
import type { ServerOpener } from "./server-opener.js";
import type { KnownProtocol } from "./session-factory.js";

export class Connection implements ToolCaller {
  private restarting: Promise<void> | undefined;
  private readonly parts: ConnectionParts;
  private readonly runner: ConnectionRunner;
  private readonly calls: ConnectionCalls;
  private readonly tasks: ServerTasks;
  /** What happens to this connection, for its layers to listen to. */
  readonly events: ConnectionEvents;
  /** The server's resources, templates and prompts, and its resource subscriptions. */
  readonly catalog: ServerCatalog;

  constructor(
    readonly config: ServerConfig,
    private readonly deps: ConnectionDeps,
  ) {
    // The parts read the machine when they are called, never while they are built.
    const machine = {
      state: () => this.runner.state,
      start: () => this.runner.start(),
      stop: (reason: "idle") => this.runner.stop(reason),
    };
    this.events = new ConnectionEvents((error) =>
      this.parts.warn(`MCP server "${config.name}": a connection listener threw: ${errorMessage(error)}`),
    );
    const parts = connectionParts(config, deps, machine, this, this.events);
    this.parts = parts;
    this.runner = new ConnectionRunner(config, deps, parts, this.events);
    this.catalog = new ServerCatalog({
      server: config.name,
      timeoutMs: config.timeoutMs,
      debounceMs: deps.listChangedDebounceMs,
      events: deps.catalogEvents,
      warn: parts.warn,
      onListed: deps.onCatalog,
      session: () => {
        const state = this.runner.state;
        return state.kind === "running" ? state.session : undefined;
      },
    });
    this.events.on("session-started", (session) => this.catalog.sessionStarted(session));
    this.events.on("session-ended", () => this.catalog.sessionEnded());
    this.events.on("catalog", (event) => this.catalog.notified(event));
    const path = connectionCallPath(config, deps, parts, this.runner);
    this.site = path.site;
    this.tasks = path.tasks;
    this.calls = path.calls;
    this.callTool = path.callTool;
    this.callAppTool = path.callAppTool;
    const apps = path.apps;
    // An app resource is read again after a new session or a changed listing (SPEC "MCP Apps").
    if (apps) {
      this.events.on("session-started", () => apps.invalidate());
      this.events.on("tools-changed", () => apps.invalidate());
    }
  }

  /** The values of this server's secrets, kept out of what we surface. */
  get redactor(): Redactor {
    return this.parts.redactor;
  }

  /** The one writer of this server's tool generation. */
  get listing(): ServerListing {
    return this.parts.listing;
  }

  /** A lazy server's idle timeout. */
  get idle(): IdleStop {
    return this.parts.idle;
  }

  /** The server's log messages and stderr lines on their way to the host. */
  get output(): ServerOutput {
    return this.parts.output;
  }

  /** Reads a resource under the rules of a tool call. */
  readResource(uri: string, ctx: McpCallContext | undefined): Promise<McpResourceResult> {
    return readResource(this.calls, this.redactor, this.config, uri, ctx, this.deps.maxResultBytes);
  }

  /** Gets a prompt under the rules of a tool call. */
  getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    ctx: McpCallContext | undefined,
  ): Promise<McpPromptResult> {
    return getPrompt(this.calls, this.redactor, this.config, name, args, ctx);
  }

  /** Starts the server; single-flight; resolves once it is running. */
  start(): Promise<void> {
    return this.runner.start();
  }

  /** Stops the server (tools stay listed); cancels a start or a pending restart. */
  stop(reason: "stop" | "idle" = "stop"): Promise<void> {
    return this.runner.stop(reason);
  }

  /** Final: stops everything and refuses further work. */
  close(): Promise<void> {
    this.tasks.close();
    return this.runner.close();
  }

  /** As the runner's, and no catalog listing or debounce pending either. */
  async whenSettled(): Promise<void> {
    for (;;) {
      await this.runner.whenSettled();
      const listing = this.catalog.pending();
      if (!listing) return;
      await listing;
    }
  }

  /** Auto-restarts (and `restart()` calls) that reached `running`. */
  get restarts(): number {
    return this.runner.context.restarts;
  }

  /** The last failure (a start's, a lost transport's, an authorization's). */
  get lastError(): Error | undefined {
    return this.runner.context.lastError;
  }

  /** The env names and origins the latest session was given. */
  get envEntries(): EnvEntry[] | undefined {
    return this.runner.context.envEntries;
  }

  /** What the call path reads of this server (a tenant instance's calls are routed to its own). */
  readonly site: CallSite;

  /** Runs one tool call through the call pipeline (`calls/call-pipeline.ts`); set once built. */
  readonly callTool: ToolCaller["callTool"];

  /** A call an app of this server makes (the app bridge): only tools visible to the app are offered. */
  readonly callAppTool: ToolCaller["callTool"];

  /** Re-attaches to a stored task of this server; undefined when it is not this server's or followed. */
  resumeTask(record: TaskRecord, ctx: McpCallContext | undefined): Promise<McpToolResult> | undefined {
    return this.calls.resumeTask(record, ctx);
  }

  get state(): ConnectionState {
    return publicState(this.runner.state);
  }

  /** The most bytes one tool result hands the host (the `maxResultBytes` load option). */
  get maxResultBytes(): number {
    return this.deps.maxResultBytes;
  }

  get lazy(): boolean {
    return this.deps.lazy;
  }

  /** The stdio child's pid: the session's when running, the child's of the open while starting. */
  get pid(): number | undefined {
    const state = this.runner.state;
    if (state.kind === "starting") return this.parts.opener.sessions.startingPid;
    return state.kind === "running" ? state.session.pid : undefined;
  }

  get uptimeMs(): number | undefined {
    const state = this.runner.state;
    return state.kind === "running" ? Date.now() - state.since : undefined;
  }

  /** The negotiated version: the running session's, else the last known (a lazy server's cache). */
  get protocolVersion(): string | undefined {
    const state = this.runner.state;
    const live = state.kind === "running" ? state.session.protocol.version : undefined;
    return live ?? this.parts.opener.sessions.protocol?.version;
  }

  /** The transport the latest session spoke (`"sse"` after the legacy SSE fallback). */
  get transportUsed(): "stdio" | "http" | "sse" | undefined {
    return this.parts.opener.sessions.lastProtocol?.transport;
  }

  /** In `needs-auth`: where a person authorizes the server. */
  get authorizationUrl(): string | undefined {
    const state = this.runner.state;
    return state.kind === "needs-auth" ? state.authorizationUrl : undefined;
  }

  /** Whether the server reports tool-list changes, as its latest session found. */
  get toolListUpdates(): "live" | "unsupported" | undefined {
    return this.parts.opener.sessions.lastProtocol?.toolListUpdates;
  }

  /** The server's instructions: the latest session's, else the listing cache's; redacted. */
  get instructions(): string | undefined {
    return this.redactor.redact(this.parts.opener.sessions.instructions);
  }

  /** Starts with the listing cache's instructions until a session brings its own. */
  adoptInstructions(instructions: string | undefined): void {
    this.parts.opener.sessions.adoptInstructions(instructions);
  }

  get stderrTail(): string | undefined {
    const state = this.runner.state;
    const live = state.kind === "running" ? state.session.stderrTail() : undefined;
    return this.redactor.redact(live ?? this.parts.opener.stderrTail);
  }

  /** stop → start, single-flight; tools keep their final names. */
  restart(): Promise<void> {
    if (this.runner.state.kind === "closed") return Promise.reject(this.runner.closedError());
    this.restarting ??= (async () => {
      await this.stop();
      await this.runner.startAs("restart");
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
    if (this.runner.state.kind === "closed") throw this.runner.closedError();
    const auth = this.parts.opener.sessions.auth;
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
    return this.parts.refresher.request();
  }

  /** Starts from a cached era verdict (a lazy server's listing cache), so its start negotiates nothing. */
  adoptProtocol(known: KnownProtocol): void {
    this.parts.opener.sessions.adoptProtocol(known);
  }

  /** A lazy server's background discovery on a cache miss (connect → list → close). */
  discover(): ReturnType<ServerOpener["discover"]> {
    if (this.runner.state.kind === "closed") return Promise.reject(this.runner.closedError());
    return this.parts.opener.discover();
  }
}
