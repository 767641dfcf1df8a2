/**
 * Public types of `@toolnexus/mcp-core`: the source, its tools and their results.
 * @module
 */
import type { ContentBlock, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

export type { ContentBlock, ToolAnnotations };

/**
 * A content block of a type this library does not know (a newer protocol revision, a server's
 * extension), passed through as the server sent it. Adapters show it as
 * `unsupportedContentText(block)`.
 */
export interface UnknownContentBlock {
  type: string;
  [key: string]: unknown;
}

/** One block of a result's `content`: a known MCP block, or an unknown one passed through. */
export type McpContentBlock = ContentBlock | UnknownContentBlock;

/** A JSON Schema object (`type: "object"`), passed through as the server gave it. */
export type JsonSchemaObject = {
  type: "object";
  properties?: Record<string, unknown>;
  [key: string]: unknown;
};

/** One server's connection state. Only `stopped` and `error` may start. */
export type ConnectionState = "stopped" | "starting" | "running" | "error";

/** toolnexus-compatible per-server status. */
export type McpStatus = "connected" | "failed" | "disabled";

/** Details sent with each state change. */
export interface StateInfo {
  /** The state before this one. */
  previous: ConnectionState;
  /** The error that caused an `error` state, or that the failed attempt ended with. */
  error?: Error;
  /** Restart attempt number (1-based) while auto-restart is at work. */
  attempt?: number;
  /** Delay before the next attempt, when one is scheduled. */
  nextDelayMs?: number;
  /** Why the transition happened, in a few words (e.g. "stop", "crash", "gave up"). */
  reason?: string;
}

/** How a listing changed, by final (model-facing) names. */
export interface ToolsChange {
  added: string[];
  removed: string[];
  changed: string[];
}

/** A point-in-time view of one server. Never contains env or header values. */
export interface ServerSnapshot {
  name: string;
  transport: "stdio" | "http" | "sse";
  state: ConnectionState;
  status: McpStatus;
  toolCount: number;
  lazy: boolean;
  pid?: number;
  /** Milliseconds since the server last entered `running`. */
  uptimeMs?: number;
  /** Successful restarts since load (manual or automatic). */
  restarts: number;
  lastError?: string;
  /** The last lines the child wrote to stderr (bounded). */
  stderrTail?: string;
  /** For stdio servers: which env names the child got and why (names only). */
  env?: EnvEntry[];
}

/** One env name a stdio child receives, and why. */
export interface EnvEntry {
  name: string;
  origin: "base" | "inherited" | "explicit" | "envFile";
}

/** Progress reported by a long-running tool. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Per-call options for `McpTool.execute`. */
export interface McpCallContext {
  /** Aborts the call; the server receives `notifications/cancelled`. */
  signal?: AbortSignal;
  /**
   * Milliseconds for this call; progress resets it. A positive number up to `MAX_TIMER_MS`
   * (2147483647): anything else resolves the call at once, unsent, with a `protocol` error.
   * @default the server's timeout
   */
  timeout?: number;
  /** Receives progress notifications. */
  onProgress?: (progress: McpProgress) => void;
}

/** Why a call failed. `tool` is the server's own `isError` result. */
export type McpToolErrorKind = "unavailable" | "timeout" | "aborted" | "protocol" | "tool";

/** The result of `execute`; failures resolve, they never throw. */
export interface McpToolResult {
  /**
   * The server's blocks in its order. Known types are validated one by one (an invalid one becomes a
   * text block saying `[invalid content block of type "…"]`); unknown types pass through as sent —
   * tell them apart with `isKnownContentBlock`.
   */
  content: McpContentBlock[];
  structuredContent?: unknown;
  isError: boolean;
  error?: {
    kind: McpToolErrorKind;
    message: string;
    /** The underlying error's own message (e.g. the server's JSON-RPC error), without our context. */
    detail?: string;
    /** The `McpCoreError` code, when the failure has one (e.g. `FRAME_TOO_LARGE`, `STDIN_BACKLOG_FULL`). */
    code?: string;
  };
  /** Text blocks joined with "\n"; JSON of `structuredContent` when there is no text. */
  text: string;
  /** The `_meta` of the server's result, when it sent one. */
  meta?: Record<string, unknown>;
}

/** A tool of one server, stable across restarts and refreshes while its raw name stays listed. */
export interface McpTool {
  /** Model-facing name, unique in the source, ≤ 64 chars of `[A-Za-z0-9_-]`. */
  readonly name: string;
  readonly server: string;
  /** The only name sent on the wire. */
  readonly rawName: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema?: JsonSchemaObject;
  readonly annotations?: ToolAnnotations;
  /** Calls the tool on the server's live session; resolves with an error result on any failure. */
  execute(args: Record<string, unknown>, ctx?: McpCallContext): Promise<McpToolResult>;
}

/** The live tool set over all configured servers. */
export interface McpSource {
  /** The current generation, flattened in config order then listing order. */
  readonly tools: readonly McpTool[];
  /** toolnexus-compatible status per configured server. */
  readonly status: Record<string, McpStatus>;
  /** Warnings collected at load (unknown config keys, dropped malformed tools). */
  readonly warnings: readonly string[];
  state(server: string): ConnectionState;
  servers(): ServerSnapshot[];
  start(server: string): Promise<void>;
  stop(server: string): Promise<void>;
  /** Stop (if any) → connect → re-list → swap, keeping final names. Single-flight. */
  restart(server: string): Promise<void>;
  /** Re-list one server, or all running ones, and reconcile by raw name. */
  refresh(server?: string): Promise<void>;
  /** Returns an unsubscribe function. */
  onStateChange(cb: (server: string, state: ConnectionState, info: StateInfo) => void): () => void;
  /** Returns an unsubscribe function. Called once per effective change. */
  onToolsChange(cb: (server: string, change: ToolsChange) => void): () => void;
  /** Idempotent; afterwards no child process, timer or socket of this source survives. */
  close(): Promise<void>;
}
