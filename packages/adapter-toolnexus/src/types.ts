/**
 * toolnexus's contract types (its `types.ts` and `mcp.ts`), plus the additive lifecycle surface of
 * the MCP host-lifecycle ADR (M1–M4).
 * @module
 */
import type { ConnectionState, McpDrift, ServerSnapshot, StateInfo, ToolsChange } from "@toolnexus/mcp-core";

/** A tool's input schema as toolnexus exposes it: always an object schema. */
export type JsonSchema = {
  type: "object";
  properties?: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
};

/** What `execute` resolves with. It never rejects. */
export interface ToolResult {
  /** The text the model sees. */
  output: string;
  isError: boolean;
  /** MCP tools always set `{ server }` (the server's config key, unsanitized). */
  metadata?: Record<string, unknown>;
}

/**
 * §10 suspension request. MCP elicitation arrives as one of these at the `waitFor` load option:
 * form mode → `kind: "input"` with `data: { schema }`, URL mode → `kind: "authorization"` with `url`.
 */
export interface Request {
  /** Opaque, unique in the process (`elc-<base36 time>-<seq>` for elicitations). */
  id: string;
  /** `"input"` (form elicitation) or `"authorization"` (URL elicitation); open vocabulary. */
  kind: string;
  /** The server's message to the user. */
  prompt: string;
  /** URL mode: the page the user must open. */
  url?: string;
  /** Form mode: `{ schema }`, the server's `requestedSchema`. */
  data?: Record<string, unknown>;
  expiresAt?: string;
  /** Additive: the config key of the MCP server that asked. */
  server?: string;
}

/** The resolution of a {@link Request}. */
export interface Answer {
  id: string;
  /** true ⇒ the server gets `accept` with `data` as the content. */
  ok: boolean;
  data?: Record<string, unknown>;
  /** With `ok: false`: `"declined"` ⇒ `decline`; anything else (or none) ⇒ `cancel`. */
  reason?: string;
}

/** Per-call context of `Tool.execute`. */
export interface ToolContext {
  /** Aborts the call; the server receives `notifications/cancelled`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds for this call. @default the server's `timeout` (30 000) */
  timeout?: number | undefined;
  /**
   * toolnexus's §10 retry answer. Accepted for signature compatibility and ignored by MCP tools: they
   * never return a suspension, because elicitation is answered inline through the `waitFor` load option.
   */
  answer?: Answer | undefined;
}

/** One tool in toolnexus's uniform shape. */
export interface Tool {
  /** `sanitize(server) + "_" + sanitize(rawName)`; no length cap. */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  source: "mcp";
  /** Resolves with an error result on every failure; never rejects. */
  execute(args: Record<string, unknown>, ctx?: ToolContext): Promise<ToolResult>;
}

/** Per-server outcome of the load; `needs_auth` only for a server with OAuth `auth` waiting for a person. */
export type McpStatus = "connected" | "failed" | "disabled" | "needs_auth";

/** The MCP source `loadMcp` returns. */
export interface McpSource {
  /** The current tools (config order, then listing order). Each read returns a fresh array. */
  readonly tools: Tool[];
  /**
   * What the load did per configured server, in config order. Like toolnexus, a snapshot of the load:
   * it does not follow later crashes or restarts; `state()` is live.
   */
  readonly status: Record<string, McpStatus>;
  /** Stops every server. Idempotent. */
  close(): Promise<void>;
  /** M1: the live connection state of one server (`"stopped"` for a disabled one). */
  state(server: string): ConnectionState;
  /** M1: stop (if running) → connect → re-list; unchanged tools keep their names and objects. */
  restart(server: string): Promise<void>;
  /** M1: observes state changes; returns an unsubscribe function. */
  onStateChange(cb: (server: string, state: ConnectionState, info: StateInfo) => void): () => void;
  /** M2: re-lists one server (or every running one) and reconciles `tools` by raw name. */
  refresh(server?: string): Promise<void>;
  /**
   * A barrier: resolves once nothing is pending for the server (or every server) — no start, no
   * scheduled restart, no refresh or `list_changed` debounce, no background discovery (the core's
   * `whenSettled`).
   */
  whenSettled(server?: string): Promise<void>;
  /**
   * M2: called once per effective change of a server's tools (names are final names); under the
   * `hold` and `block` drift policies also for a listing that drifted from the pins (`change.drift`).
   */
  onToolsChange(cb: (server: string, change: ToolsChange) => void): () => void;
  /** Each new drift of a server's listing from its pins (the core's `onDrift`). */
  onDrift(cb: (server: string, drift: McpDrift) => void): () => void;
  /** What of a server's last listing waits for approval (the core's `pendingDrift`). */
  pendingDrift(server: string): McpDrift | undefined;
  /** Approves a server's waiting drift, the named raw tools or all (the core's `approveDrift`). */
  approveDrift(server: string, tools?: readonly string[]): Promise<string[]>;
  /** Diagnostics: one snapshot per configured server (state, pid, restarts, last error; no env values). */
  servers(): ServerSnapshot[];
}
