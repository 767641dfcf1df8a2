/**
 * Public types of one server's state: its connection state, why it changed, and its snapshot.
 * @module
 */
import type { McpDrift } from "./drift-types.js";

/** One server's connection state. Only `stopped` and `error` may start. */
export type ConnectionState = "stopped" | "starting" | "running" | "error" | "needs-auth";

/** toolnexus-compatible per-server status. */
export type McpStatus = "connected" | "failed" | "disabled" | "needs-auth";

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
  /** Why the transition happened; see {@link StateReason}. */
  reason?: StateReason;
  /** On `needs-auth`: where a person authorizes the server (then `source.authorize`). */
  authorizationUrl?: string;
  /**
   * Set when the change is a tenant's instance's, not the server's own (a `perTenant` server, SPEC
   * §23.3): the server's state stays its own connection's.
   */
  tenant?: string;
}

/**
 * Why a state change happened. Stable: add members, never rename one.
 * - `start`: a start was asked for (load, `start()`, a lazy server's first call).
 * - `restart`: `restart()`, or an auto-restart attempt after its backoff delay.
 * - `ready`: the session is open and the tools are listed.
 * - `start-failed`: spawn, initialize or listing failed (or timed out).
 * - `crash`: a running server's transport closed (a stdio child exited, the connection dropped).
 * - `session-lost`: a remote server no longer knows the session (HTTP 404) or its stream gave up.
 * - `health-check`: a running server missed its health-check pings.
 * - `gave-up`: auto-restart ran out of attempts; the server stays `error`.
 * - `stop`: `stop()`, or a lazy server's idle timeout (`idle`), or `close()` (`close`).
 */
export type StateReason =
  | "start"
  | "restart"
  | "ready"
  | "start-failed"
  | "crash"
  | "session-lost"
  | "health-check"
  | "gave-up"
  | "stop"
  | "idle"
  | "close"
  | "auth-required";

/** How a listing changed, by final (model-facing) names. */
export interface ToolsChange {
  added: string[];
  removed: string[];
  changed: string[];
  /**
   * The listing's drift from the server's pins, when this listing brought a new one (SPEC "Pins and
   * drift"). A drift that changes no tool (an added tool held) comes with empty name lists.
   */
  drift?: McpDrift;
}

/** A point-in-time view of one server. Never contains env or header values. */
export interface ServerSnapshot {
  name: string;
  transport: "stdio" | "http" | "sse";
  state: ConnectionState;
  status: McpStatus;
  toolCount: number;
  lazy: boolean;
  /** A `perTenant` server: how many tenant instances exist now (the rest of the snapshot is the server's own). */
  tenantInstances?: number;
  /** A stdio server's child: while `running`, and while `starting` once the child runs. */
  pid?: number;
  /** Milliseconds since the server last entered `running`. */
  uptimeMs?: number;
  /** Successful restarts since load (manual or automatic). */
  restarts: number;
  lastError?: string;
  /**
   * The protocol revision the server's latest session negotiated (`"2025-11-25"` on the 2025 era,
   * `"2026-07-28"` on the modern one); for a lazy server not started yet, the cached verdict's.
   */
  protocolVersion?: string;
  /**
   * The transport the server's latest session actually spoke: `"sse"` when an `"http"` server
   * answered the Streamable HTTP POST with 400/404/405 and was reached over legacy SSE. Absent
   * until a session has run.
   */
  transportUsed?: "stdio" | "http" | "sse";
  /**
   * Whether the server tells us when its tool list changes (2025 era: its `tools.listChanged`
   * capability; modern era: an honoured `subscriptions/listen`). `"unsupported"`: only `refresh()`
   * or a restart picks up a change. Absent until a session has run.
   */
  toolListUpdates?: "live" | "unsupported";
  /** In `needs-auth`: where a person authorizes the server (then `source.authorize`). */
  authorizationUrl?: string;
  /** The last lines the child wrote to stderr (bounded). */
  stderrTail?: string;
  /**
   * The server's instructions (its initialize result on the 2025 era, its `server/discover` result
   * on the modern one), redacted and cut at `MAX_INSTRUCTIONS_CHARS`; for a lazy server not started
   * yet, the listing cache's. Absent when the server gave none.
   */
  instructions?: string;
  /**
   * With `instructions`: the most characters of them `instructionsPrompt` gives the model, the note
   * included (the entry's `maxInstructionsChars`, else the load option's; default 2048). The
   * `instructions` above stay whole: they are the host's.
   */
  maxInstructionsChars?: number;
  /** For stdio servers: which env names the child got and why (names only). */
  env?: EnvEntry[];
  /**
   * The entry's own `defer`: `true` always defers its tools behind the adapters' tool search,
   * `false` never does; absent when the entry leaves it to the `deferLoading` option.
   */
  defer?: boolean;
}

/**
 * One env name a stdio child receives, and why: `tenant` is an explicit name whose value the host's
 * `tenantEnv` gave for the call's tenant (a `perTenant` server's instance).
 */
export interface EnvEntry {
  name: string;
  origin: "base" | "inherited" | "explicit" | "envFile" | "tenant";
}
