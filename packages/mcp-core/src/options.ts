/**
 * Options of `loadMcp`, as a host writes them. The defaults are `LOAD_OPTION_DEFAULTS`
 * (`options/load-option-defaults.ts`); `resolveLoadOptions` (`options/resolve-load-options.ts`) is
 * the one step that validates the options and merges them over the defaults into
 * `ResolvedLoadOptions` (`options/resolved-load-options.ts`), what the engine reads.
 * @module
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/client";
import type { TokenStore } from "./auth/token-store.js";
import type { AutoRestartOptions, HealthCheckOptions, InheritEnv } from "./config/server-config.js";
import type { DriftPolicy, McpDrift } from "./drift-types.js";
import type { ElicitationContext } from "./elicitation/guard-elicitation.js";
import type { McpLogLevel } from "./logs/log-level.js";
import type { ServerLogMessage, StderrLineInfo } from "./logs/log-message.js";
import type { PinStore } from "./pins/pin-entry.js";
import type { ResultBudgetOptions } from "./results/result-budget-options.js";
import type { ResultStore } from "./results/result-store.js";
import type { RootsOption } from "./roots/root.js";
import type { SamplingHandler, SamplingOptions } from "./sampling/sampling-types.js";
import type { TaskStore } from "./tasks/task-store.js";
import type { ToolCacheStore } from "./tool-cache/tool-cache-store.js";
import type {
  ConnectionState,
  DeferLoading,
  McpSource,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
  StateInfo,
  ToolsChange,
} from "./types.js";

/**
 * The host's env values of one tenant for one `perTenant` server (`tenantEnv`): names the entry's
 * `env` declares, mapped to the tenant's own values; undefined keeps the configured env.
 */
export type TenantEnv = (
  server: string,
  tenant: string,
) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;

export type { ResolvedAutoRestart, ResolvedHealthCheck } from "./config/resolved-policies.js";

/** Model-facing naming: `mcp__server__tool` (default), toolnexus's `server_tool`, or your own. */
export type NamingOption = "namespaced" | "toolnexus" | ((server: string, rawName: string) => string);

/**
 * A server's request for user input (elicitation), and the answer sent back. A URL-mode request
 * (`mode: "url"`) reaches it only with a URL that passed the check (https:, or http: on loopback; no
 * credentials, control characters, or more than 2048 characters); `context.completed` settles when
 * the server reports the out-of-band flow done (2025 era).
 */
export type ElicitationHandler = (
  server: string,
  request: ElicitRequest["params"],
  context?: ElicitationContext,
) => Promise<ElicitResult>;

/** The `apps` load option (MCP Apps); `{}` turns it on with the defaults. */
export interface McpAppsOptions {
  /** The most UTF-8 bytes of one app resource's HTML; a larger one is not delivered (`APP_TOO_LARGE`). @default 2097152 */
  maxBytes?: number | undefined;
}

/** Options of `loadMcp`. Every field is optional; an explicit `undefined` keeps the default. */
export interface LoadMcpOptions {
  /**
   * Restart servers whose transport closes; `{ enabled: false }` turns it off.
   * @default true (`enabled`: 10 attempts, 500 ms → 30 s, reset after 30 s)
   */
  autoRestart?: AutoRestartOptions | undefined;
  /** Follow `notifications/tools/list_changed`. @default true */
  liveToolList?: boolean | undefined;
  /** Debounce of list_changed notifications. @default 50 */
  listChangedDebounceMs?: number | undefined;
  /** Parent env names a stdio child gets when its entry has no `inheritEnv`. @default [] */
  defaultInheritEnv?: InheritEnv | undefined;
  /** Model-facing tool names. @default "namespaced" */
  naming?: NamingOption | undefined;
  /** Connect servers on first use unless their entry says otherwise. @default false */
  defaultLazy?: boolean | undefined;
  /** Listing cache for lazy servers: a store, or `null` for none. @default a file store under the user cache dir */
  toolCache?: ToolCacheStore | null | undefined;
  /** Aborts the load and any restart in progress. */
  signal?: AbortSignal | undefined;
  /** Reject the load, naming every failed server, instead of isolating failures. @default false */
  failOnStartupError?: boolean | undefined;
  /** Ping running servers (`{}` for the defaults); missed pings count as a dead transport. @default false (`enabled`) */
  healthCheck?: HealthCheckOptions | undefined;
  /** Answers server elicitation requests; the capability is advertised only when given. */
  onElicitation?: ElicitationHandler | undefined;
  /**
   * The elicitation requests one server may make in a minute (a fixed window, as sampling's);
   * the rest of the minute is refused `-32600` and warned once. A person answers them: a handful
   * a minute is use, more is a flood. Read only with `onElicitation`. @default 30
   */
  maxElicitationsPerMinute?: number | undefined;
  /**
   * Answers server sampling requests with the host's model; the `sampling` capability is declared
   * only when given. A server's prompt is untrusted: nothing of the host's conversation is added.
   */
  onSampling?: SamplingHandler | undefined;
  /** How sampling is declared and bounded; read only with `onSampling`. @default {} */
  sampling?: SamplingOptions | undefined;
  /**
   * The roots offered to every server without its own `roots` entry: directories (paths become
   * `file://` URIs) or `file:` URIs, or a function called for each `roots/list` request (bounded by
   * 10 s). The `roots` capability is declared only when roots are given (here or in the entry);
   * `source.setRoots` replaces them. @default none
   */
  roots?: RootsOption | undefined;
  /** Receives warnings (unknown config keys, dropped malformed tools, failed refreshes). @default none */
  onWarning?: ((message: string) => void) | undefined;
  /**
   * Receives every state change from the start of the load on — the load's own starts included,
   * which `source.onStateChange` (subscribed after the load) cannot see. @default none
   */
  onStateChange?: ((server: string, state: ConnectionState, info: StateInfo) => void) | undefined;
  /**
   * A `perTenant` stdio server's values for one tenant (SPEC §23.3): called once per tenant instance, its
   * answer fills in names the server's `env` declares (a name it does not declare fails the call
   * with `ENV_INVALID`), taken literally (never `${VAR}`-expanded). @default none (the env as configured)
   */
  tenantEnv?: TenantEnv | undefined;
  /**
   * Receives the source as soon as it exists — every server configured, none started yet — for a
   * host that shows the load as it goes (`servers()`, `onToolsChange`) or gives up on it early
   * (`close()`). `loadMcp` still resolves with this same source once the starts settle (or rejects
   * and closes it). @default none
   */
  onSource?: ((source: McpSource) => void) | undefined;
  /**
   * Receives every effective change of a server's resource list (by URI) from the start of the
   * load on, like `source.onResourcesChange`. @default none
   */
  onResourcesChange?: ((server: string, change: ResourcesChange) => void) | undefined;
  /** Receives every update of a subscribed resource, like `source.onResourceUpdated`. @default none */
  onResourceUpdated?: ((server: string, update: ResourceUpdate) => void) | undefined;
  /**
   * Receives every effective change of a server's tools (final names) from the start of the load
   * on — the load's own first listings and the lazy servers' cached ones included — like
   * `source.onToolsChange`, which cannot see them. @default none
   */
  onToolsChange?: ((server: string, change: ToolsChange) => void) | undefined;
  /**
   * Receives every effective change of a server's prompt list (by name) from the start of the load
   * on, like `source.onPromptsChange`. @default none
   */
  onPromptsChange?: ((server: string, change: PromptsChange) => void) | undefined;
  /** Expand `${VAR}` in explicit `env` values from the parent env; false passes them literally. @default true */
  expandEnvReferences?: boolean | undefined;
  /** How `${VAR}` in header values treats an unset variable. @default "error" */
  missingHeaderVar?: "error" | "empty" | undefined;
  /** Accept any non-empty server name (`"any"`) instead of `[A-Za-z0-9_-]{1,32}`. @default "strict" */
  serverNames?: "strict" | "any" | undefined;
  /** Parent environment for stdio children and `${VAR}` expansion. @default process.env */
  env?: Record<string, string | undefined> | undefined;
  /** Milliseconds between SIGTERM and SIGKILL when stopping a child. @default 2000 */
  killGraceMs?: number | undefined;
  /**
   * Let running stdio children hold the host process open, as a pending restart already does: a
   * host whose only work is to wait for a server (an `await` on a promise `onStateChange` resolves)
   * then sees a crash and the restart instead of exiting with code 13 (unsettled top-level await),
   * and must `close()` the source to exit. By default children are unref'd, so a host whose servers
   * merely run can exit.
   * @default false
   */
  keepAlive?: boolean | undefined;
  /**
   * The longest line (JSON-RPC message) a stdio server may write to stdout, in bytes; a longer one
   * fails that server's pending calls with `FRAME_TOO_LARGE` and restarts it. Also the most bytes
   * queued to a stdio server that does not read its stdin before sends fail with `STDIN_BACKLOG_FULL`.
   * Over HTTP, the largest JSON response body (a larger one fails its request) or SSE event (a larger
   * one loses the session); neither is read whole.
   * @default 67108864 (64 MiB)
   */
  maxFrameBytes?: number | undefined;
  /**
   * The most bytes one tool result hands the host: text is cut on a character boundary, an image,
   * audio or other block that does not fit is left out, `structuredContent` or `_meta` that does not
   * fit is dropped, and each cut is followed by a text block `[truncated: N of M bytes shown]`; the
   * result stays a success (SPEC §7).
   * @default 8388608 (8 MiB)
   */
  maxResultBytes?: number | undefined;
  /**
   * The most characters (UTF-16 code units) of a tool's description the model sees, the note
   * included: a longer one is cut and ends with `[description truncated: N of M characters shown]`
   * (SPEC §13.4.8). The host keeps the whole text (`McpTool.fullDescription`). A server entry's own
   * `maxDescriptionChars` wins. An integer ≥ 128.
   * @default 2048
   */
  maxDescriptionChars?: number | undefined;
  /**
   * The most characters of one server's instructions that `instructionsPrompt` gives the model, the
   * note included (`[instructions truncated: N of M characters shown]`); the snapshot's
   * `instructions` stay whole for the host. A server entry's own `maxInstructionsChars` wins. An
   * integer ≥ 128.
   * @default 2048
   */
  maxInstructionsChars?: number | undefined;
  /**
   * MCP Apps (`io.modelcontextprotocol/ui`, SPEC "MCP Apps"), on when given (`{}` for the
   * defaults): the client declares the extension, and a called tool's `ui://` resource comes with
   * its result (`result.app`: HTML, validated CSP and permissions, fingerprint) for the host to
   * render, never for the model. Whether given or not, a tool whose `_meta.ui.visibility` leaves
   * out the model is never in `source.tools`. `maxBytes`: the largest app resource delivered.
   * @default undefined (off); `maxBytes` 2097152 (2 MiB)
   */
  apps?: McpAppsOptions | undefined;
  /**
   * The result budget (SPEC §7.12): what one tool result may put in the model's context, in
   * estimated tokens. A result over `maxTokens` reaches the model as a preview and a handle that
   * the adapters' `mcp_read_result` tool reads in slices (the result stays whole for the host, in
   * `result.preview` beside it); past `warnTokens` `onWarning` names server and tool. A server
   * entry's `resultBudget` (and its `tools`) and a tool's `_meta["anthropic/maxResultSizeChars"]`
   * hint (bounded by `maxHintTokens`) set a server's or a tool's own limits. `enabled: false` turns
   * it off (the entry's turns it off for one server).
   * @default { maxTokens: 25000, warnTokens: 10000, maxHintTokens: 125000, previewTokens: 2000, maxMediaBlocks: 20, maxMediaBytes: 5242880, ttlMs: 3600000 }
   */
  resultBudget?: ResultBudgetOptions | undefined;
  /**
   * Where results over their budget are kept for `mcp_read_result` (closed by `close()`). Import
   * `memoryResultStore` from `@toolnexus/mcp-core/stores` for another bound.
   * @default a memory store of 64 MiB (`memoryResultStore()`)
   */
  resultStore?: ResultStore | undefined;
  /**
   * Where OAuth credentials of servers with `auth` are kept and shared between processes.
   * @default a file store under the user config dir (`fileTokenStore()`), made only when a server has `auth`
   */
  tokenStore?: TokenStore | undefined;
  /**
   * Where the ids of running tasks (tool calls made as MCP tasks) are kept, so a pending call
   * re-attaches after a session loss and `source.resumeTasks()` after a host restart; `null` keeps
   * them only in memory. Import `fileTaskStore` from `@toolnexus/mcp-core/stores` for another dir.
   * @default a file store beside the token store (`fileTaskStore()`)
   */
  taskStore?: TaskStore | null | undefined;
  /** Refresh an OAuth access token this long before it expires. @default 30000 */
  refreshSkewMs?: number | undefined;
  /**
   * The default of every adapter made over this source: offer tools directly (`{ enabled: false }`), or
   * behind the `mcp_search_tools` / `mcp_load_tools` meta-tools (`{}`, or `{ threshold: N }` = when the
   * source holds more than N tools). An adapter's own option overrides it, a server's `defer` both.
   * @default false
   */
  deferLoading?: DeferLoading | undefined;
  /**
   * The least severe server log level delivered to `onServerLog`. Servers that offer `logging` are
   * asked for it (2025 era: `logging/setLevel`; 2026 era: each request's `_meta`), and less severe
   * messages a server sends anyway are dropped here. @default "info"
   */
  serverLogLevel?: McpLogLevel | undefined;
  /**
   * Receives server log messages from the start of the load on (redacted, bounded, rate-capped;
   * SPEC "Server logs"); `source.onServerLog` subscribes later. @default none
   */
  onServerLog?: ((server: string, message: ServerLogMessage) => void) | undefined;
  /** Receives stdio servers' stderr lines from the start of the load on; see `source.onStderr`. @default none */
  onStderr?: ((server: string, line: string, info?: StderrLineInfo) => void) | undefined;
  /**
   * What a drift of a server's tool definitions from its pins (the definitions approved) does, for
   * servers whose entry has no `drift`: `"accept"` offers the new definitions and pins them,
   * `"hold"` keeps added and changed tools out until `source.approveDrift`, `"block"` withdraws the
   * server's tools while a drift waits (SPEC "Pins and drift"). @default "accept"
   */
  drift?: DriftPolicy | undefined;
  /**
   * Where the approved definitions (pins) are kept between runs; `null` keeps them in memory.
   * @default a file store beside the listing cache (`filePinStore()`) when a server's policy is
   * `hold` or `block`; in memory when every server accepts
   */
  pinStore?: PinStore | null | undefined;
  /** Receives each new drift of a server's listing from its pins, from the start of the load on. @default none */
  onDrift?: ((server: string, drift: McpDrift) => void) | undefined;
}
