/**
 * Public types of `@toolnexus/mcp-core`: the source, its tools and their results.
 * @module
 */

import type { McpAppBridge, McpAppBridgeOptions, McpServerApps } from "./app-bridge-types.js";
import type { AuthCallback } from "./auth/auth-callback.js";
import type { McpCallContext } from "./call-types.js";
import type {
  McpPrompt,
  McpPromptResult,
  McpResource,
  McpResourceResult,
  McpResourceTemplate,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
} from "./catalog-types.js";
import type { McpDrift } from "./drift-types.js";
import type { ServerLogMessage, StderrLineInfo } from "./logs/log-message.js";
import type { ReadResultOptions } from "./results/kept-results.js";
import type { RootsOption } from "./roots/root.js";
import type { DeferLoading, ToolSearchHit, ToolSearchOptions } from "./search-types.js";
import type {
  ConnectionState,
  McpStatus,
  ServerSnapshot,
  StateInfo,
  ToolsChange,
} from "./server-state-types.js";
import type { McpTool, McpToolResult } from "./tool-types.js";

export type {
  McpAppBridge,
  McpAppBridgeOptions,
  McpAppToolInfo,
  McpServerApps,
} from "./app-bridge-types.js";
export type {
  McpAppCsp,
  McpAppErrorCode,
  McpAppFailure,
  McpAppPermissions,
  McpAppView,
  McpToolApp,
} from "./app-types.js";
export type { McpCallContext, McpProgress, SchemaDialect } from "./call-types.js";
export type {
  McpPrompt,
  McpPromptArgument,
  McpPromptResult,
  McpRequestError,
  McpResource,
  McpResourceContents,
  McpResourceResult,
  McpResourceTemplate,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
} from "./catalog-types.js";
export type {
  BlobResourceContents,
  ContentBlock,
  PromptMessage,
  TextResourceContents,
  ToolAnnotations,
} from "./content-types.js";
export type { DriftItem, DriftItemKind, DriftPolicy, McpDrift } from "./drift-types.js";
export type { DeferLoading, ToolSearchHit, ToolSearchOptions } from "./search-types.js";
export type {
  ConnectionState,
  EnvEntry,
  McpStatus,
  ServerSnapshot,
  StateInfo,
  StateReason,
  ToolsChange,
} from "./server-state-types.js";
export type { McpToolErrorCode, McpToolErrorKind } from "./tool-error-types.js";
export type {
  JsonSchemaObject,
  McpContentBlock,
  McpResultPreview,
  McpTool,
  McpToolResult,
  UnknownContentBlock,
} from "./tool-types.js";

/** Which tenant's instance of a `perTenant` server an operation is for (SPEC §23.3). */
export interface TenantOption {
  /** 1 to 256 characters, no control characters; absent: the server's own connection. */
  tenant?: string | undefined;
}

/** A task call re-attached by `source.resumeTasks()`. */
export interface McpResumedTask {
  server: string;
  /** The tool's raw name on the server. */
  tool: string;
  /** The server's task id. */
  taskId: string;
  /** The call's result, as `execute` would have resolved it (never rejects). */
  result: Promise<McpToolResult>;
}

/** The live tool set over all configured servers. */
export interface McpSource {
  /** The current generation, flattened in config order then listing order. */
  readonly tools: readonly McpTool[];
  /** Each enabled server's MCP Apps: its `ui://` resources and its app-only or model-only tools. */
  apps(): McpServerApps[];
  /**
   * The bridge an app rendered from `server` uses for `tools/call` (tools visible to the app only)
   * and `resources/read`, through the call pipeline (SPEC "MCP Apps").
   * @throws McpCoreError `SERVER_UNKNOWN` / `CLOSED`
   */
  appBridge(server: string, options?: McpAppBridgeOptions): McpAppBridge;
  /** toolnexus-compatible status per configured server. */
  readonly status: Record<string, McpStatus>;
  /** The `deferLoading` load option: the default of every adapter made over this source. */
  readonly deferLoading: DeferLoading;
  /**
   * Ranks every tool the source holds — running servers' and lazy servers' cached listings alike —
   * by relevance to a free-text query, without starting any server. Filtered tools are not searched.
   * @throws McpCoreError `OPTIONS_INVALID` for a malformed query or option, `SERVER_UNKNOWN` for a
   *   server name in `servers` the config does not have
   */
  searchTools(query: string, options?: ToolSearchOptions): ToolSearchHit[];
  /** Warnings collected at load (unknown config keys, dropped malformed tools). */
  readonly warnings: readonly string[];
  state(server: string): ConnectionState;
  servers(): ServerSnapshot[];
  /**
   * Starts a server. With `tenant`, a `perTenant` server's instance of that tenant (made if it has
   * none; its state changes come with `info.tenant`): e.g. to show a tenant its authorization URL
   * before its first call. Rejects `CONFIG_INVALID` for a tenant of a server that is not `perTenant`.
   */
  start(server: string, options?: TenantOption): Promise<void>;
  stop(server: string): Promise<void>;
  /** Stop (if any) → connect → re-list → swap, keeping final names. Single-flight. */
  restart(server: string): Promise<void>;
  /**
   * Completes the OAuth authorization of a server in `needs-auth` with the redirect a person
   * reached — its full URL, its query, or its `code` and `state` — and starts the server without a
   * reload. Resolves once it runs; rejects `AUTH_REQUIRED` for a server without `auth`, and
   * `AUTH_FAILED` for a redirect whose `state` is missing or not the pending request's. With
   * `tenant`, a `perTenant` server's instance of that tenant: its token is the tenant's alone.
   */
  authorize(server: string, redirect: AuthCallback, options?: TenantOption): Promise<void>;
  /** Re-list one server, or all running ones, and reconcile by raw name. */
  refresh(server?: string): Promise<void>;
  /**
   * Replaces the load-level roots (the `roots` option): each running server that uses them is sent
   * `notifications/roots/list_changed` (2025 era; a 2026-era server asks for roots within each call
   * and gets the new ones there); a server with its own `roots` entry is neither told nor changed; a
   * server not running gets the new roots when it starts.
   * @throws McpCoreError `OPTIONS_INVALID` for a malformed root, or when the load had no `roots`
   *   option (no server declared the capability); `CLOSED` after `close()`
   */
  setRoots(roots: RootsOption): void;
  /**
   * Re-attaches to the tasks a previous process left running (tool calls made as MCP tasks, their
   * ids kept in the `taskStore`): each stored task of a configured server with the same identity
   * (URL or command) that this source does not already follow is polled again, not started again.
   * A task that finished, expired or that the server no longer knows leaves the store. `ctx`
   * applies to every resumed call as to `execute` (`timeoutMs` without progress, `maxTotalTimeoutMs`
   * in all — the task is cancelled when either runs out —, `signal`, `onProgress`); a duration no
   * timer can wait resolves each result at once with a `protocol` error, the task left stored.
   * Resolves `[]` when `taskStore` is false.
   */
  resumeTasks(
    ctx?: Pick<McpCallContext, "signal" | "timeoutMs" | "maxTotalTimeoutMs" | "onProgress">,
  ): Promise<McpResumedTask[]>;
  /**
   * A barrier: resolves once nothing is pending for the server (or for every server): it is not
   * `starting`, no auto-restart attempt is scheduled, no `list_changed` debounce is waiting, no
   * refresh is in flight or queued, and no lazy server's background discovery runs. It does not
   * wait for what has not begun (a notification still on the wire). Rejects with `SERVER_UNKNOWN`
   * for an unknown server and `CLOSED` after `close()`.
   */
  whenSettled(server?: string): Promise<void>;
  /** Returns an unsubscribe function. */
  onStateChange(cb: (server: string, state: ConnectionState, info: StateInfo) => void): () => void;
  /**
   * Returns an unsubscribe function. Called once per effective change, and for a listing that
   * brought a new drift from the server's pins (`change.drift`, with empty name lists when no tool
   * of the set changed).
   */
  onToolsChange(cb: (server: string, change: ToolsChange) => void): () => void;
  /**
   * Receives each new drift of a server's listing from its pins (SPEC "Pins and drift"): on a
   * `list_changed`, a reconnect, a restart, a cache load or a fleet push. Returns an unsubscribe.
   */
  onDrift(cb: (server: string, drift: McpDrift) => void): () => void;
  /** What of `server`'s last listing waits for approval (`hold` / `block`), or undefined. */
  pendingDrift(server: string): McpDrift | undefined;
  /**
   * Approves `server`'s waiting drift — the named tools (raw names), or all of it: their listed
   * definitions become the pins (written to the pin store before it resolves) and the tools join
   * the tool set. Resolves with the raw names approved. Rejects with `SERVER_UNKNOWN`, `CLOSED`.
   */
  approveDrift(server: string, tools?: readonly string[]): Promise<string[]>;
  /**
   * Receives each server's log messages (`notifications/message`) at or above `serverLogLevel`,
   * redacted and bounded (SPEC "Server logs"). Returns an unsubscribe function.
   */
  onServerLog(cb: (server: string, message: ServerLogMessage) => void): () => void;
  /**
   * Receives each stdio server's stderr lines, redacted, cut at `MAX_STDERR_LINE_BYTES` and
   * rate-capped. Returns an unsubscribe function.
   */
  onStderr(cb: (server: string, line: string, info?: StderrLineInfo) => void): () => void;
  /**
   * The resources of every server, in config order then listing order: a running server's as last
   * listed (all pages), a lazy server not started yet's from the listing cache. Never starts a
   * server. At most `MAX_CATALOG_ITEMS` (10 000) per server.
   */
  resources(): McpResource[];
  /** The resource templates of every server, like {@link McpSource.resources}. */
  resourceTemplates(): McpResourceTemplate[];
  /** The prompts of every server, like {@link McpSource.resources}. */
  prompts(): McpPrompt[];
  /**
   * Reads a resource under the rules of `McpTool.execute`: a lazy server starts, a starting one is
   * waited for, `ctx.timeoutMs` and `ctx.signal` apply; every failure (an unknown server included)
   * resolves with `isError: true` and an `error.code`.
   */
  readResource(server: string, uri: string, ctx?: McpCallContext): Promise<McpResourceResult>;
  /**
   * True once a result over its budget was kept, and from the start with a host's `resultStore`
   * (other processes may have kept what a handle names). The adapters offer `mcp_read_result` from
   * then on, so a model that never got a preview sees the tool list it always had.
   */
  readonly hasKeptResults: boolean;
  /**
   * Reads a result kept over its budget (SPEC §7.12) by its handle: a slice from `offset` of
   * `length` characters, or the numbered lines that contain `contains`. Answers text the model can
   * read, and for a handle that expired or was never kept a sentence saying so; never rejects.
   */
  readResult(handle: string, options?: ReadResultOptions): Promise<string>;
  /** Gets a prompt with its arguments, under the same rules as {@link McpSource.readResource}. */
  getPrompt(
    server: string,
    name: string,
    args?: Record<string, string>,
    ctx?: McpCallContext,
  ): Promise<McpPromptResult>;
  /**
   * Subscribes to a resource's updates (2025 era: `resources/subscribe`; 2026 era: a
   * `subscriptions/listen` stream for the URI), delivered to `onResourceUpdated`. Kept across
   * restarts (subscribed again on every new session); a server not running subscribes when it
   * starts. Resolves with the function that unsubscribes. Rejects `SERVER_UNKNOWN`, `CLOSED`, or
   * the server's own refusal when it runs.
   */
  subscribeResource(server: string, uri: string): Promise<() => Promise<void>>;
  /** Returns an unsubscribe function. Called once per effective change of a server's resource list. */
  onResourcesChange(cb: (server: string, change: ResourcesChange) => void): () => void;
  /** Returns an unsubscribe function. Called for every update of a subscribed resource. */
  onResourceUpdated(cb: (server: string, update: ResourceUpdate) => void): () => void;
  /** Returns an unsubscribe function. Called once per effective change of a server's prompt list. */
  onPromptsChange(cb: (server: string, change: PromptsChange) => void): () => void;
  /** Idempotent; afterwards no child process, timer or socket of this source survives. */
  close(): Promise<void>;
}
