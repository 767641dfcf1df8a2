/**
 * Options of the toolnexus `loadMcp` and `listMcpTools`, and the one step that maps them onto the
 * core's options with toolnexus's defaults.
 * @module
 */
import type {
  LoadMcpOptions as CoreLoadMcpOptions,
  McpAppsOptions,
  SchemaDialect,
  TokenStore,
  ToolCacheStore,
} from "@toolnexus/mcp-core";
import {
  type AdapterCodeModeOptions,
  invalidOption,
  type McpTenantContext,
  type McpToolProgress,
} from "@toolnexus/mcp-core/adapter";
import { type InheritEnv, LOAD_OPTION_DEFAULTS } from "@toolnexus/mcp-core/config";
import { elicitationBridge } from "./elicitation.js";
import type { Answer, Request, ToolContext } from "./types.js";

export type { AdapterCodeModeOptions, McpTenantContext, McpToolProgress };

/** The ADR's restart policy. */
export interface AutoRestartPolicy {
  /** Failed attempts in a row before giving up. @default 10 */
  maxRetries?: number | undefined;
  /** Delay before the first attempt; it doubles per attempt up to 30 s (or up to this value, if larger). @default 500 */
  backoffMs?: number | undefined;
}

/** Options of `loadMcp`. All optional; with none, the behaviour is toolnexus's of today. */
export interface LoadMcpOptions {
  /** Answers server elicitation. The `elicitation` capability is advertised only when given. */
  waitFor?: ((request: Request) => Promise<Answer>) | undefined;
  /** Aborts the load (and any restart in progress). */
  signal?: AbortSignal | undefined;
  /** M1: restart a server whose transport closes after it ran. @default false */
  autoRestart?: boolean | AutoRestartPolicy | undefined;
  /** M2: follow `notifications/tools/list_changed`. @default false */
  liveToolList?: boolean | undefined;
  /** M4: parent env names a stdio child gets when its entry has no `inheritEnv`. @default "all" */
  defaultInheritEnv?: InheritEnv | undefined;
  /** M3: listing cache for `lazy` servers, or false. @default a file store under the user cache dir */
  toolCache?: ToolCacheStore | false | undefined;
  /** OAuth credentials of servers with `auth` (the core's option). @default `fileTokenStore()` */
  tokenStore?: TokenStore | undefined;
  /** Refresh an OAuth access token this long before it expires (the core's option). @default 30000 */
  refreshSkewMs?: number | undefined;
  /**
   * Receives the core's warnings: servers that failed to start, unknown config keys, dropped malformed
   * tools, failed refreshes.
   * @default none; instead, as toolnexus does, `console.warn('[toolnexus] MCP server "x" failed to start: …')`
   *   for each server that failed at load
   */
  onWarning?: ((message: string) => void) | undefined;
  /**
   * Milliseconds per tool call, an integer from 1 to 2147483647 (progress notifications reset it); a
   * call's own `ctx.timeout` wins. The same option as in the other adapters.
   * @default the server's `timeout` (30 000)
   */
  timeoutMs?: number | undefined;
  /**
   * Milliseconds for each tool call in total, an integer from 1 to 2147483647. Progress
   * notifications (requested when `onProgress` is given) restart `timeoutMs` and `ctx.timeout`, not
   * this: when it runs out, the call is cancelled on the server and resolves with `isError: true`
   * and a "timed out" output. The same option as in the other adapters.
   * @default none (only the per-call timeout bounds a call)
   */
  maxTotalTimeoutMs?: number | undefined;
  /**
   * Receives the servers' progress notifications for every call, as
   * `{ progress, total?, message?, toolName, server }` (the shape every adapter reports). Giving it
   * makes every call request progress.
   * @default none
   */
  onProgress?: ((progress: McpToolProgress) => void) | undefined;
  /**
   * The most characters of a tool's description the model sees (the core's option, an integer ≥
   * 128): a longer one is cut, ending `[description truncated: N of M characters shown]`. A server
   * entry's own `maxDescriptionChars` wins.
   * @default none: descriptions reach toolnexus whole, as toolnexus has them (the other adapters cut at 2048)
   */
  maxDescriptionChars?: number | undefined;
  /**
   * What a drift of a server's tool definitions from the approved ones (its pins) does: `"accept"`,
   * `"hold"` or `"block"` (the core's option; a server entry's own `drift` wins; SPEC §9.4).
   * @default "accept": a new definition is offered at once, as in toolnexus, and reported to `onDrift`
   */
  drift?: CoreLoadMcpOptions["drift"];
  /** Where approved definitions are kept (the core's option). @default the core's */
  pinStore?: CoreLoadMcpOptions["pinStore"];
  /** Receives each new drift of a server's listing from its pins (the core's option). @default none */
  onDrift?: CoreLoadMcpOptions["onDrift"];
  /**
   * MCP Apps (the core's option, `{}` for its defaults): declare `io.modelcontextprotocol/ui`, and a
   * tool's `ui://` resource comes with its result as `metadata.app`, for the host, not in `output`.
   * App-only tools (`_meta.ui.visibility: ["app"]`) are never among `tools`, given or not.
   * @default none: results are toolnexus's, byte for byte
   */
  apps?: McpAppsOptions | undefined;
  /**
   * The core's result budget (SPEC §7.12), opt-in here: given (`{}` for the core's defaults: 25 000
   * estimated tokens, warning at 10 000), a result over it reaches toolnexus as its preview — the head
   * of the text or the first JSON items, and a sentence with the handle — and the tool list gains
   * `mcp_read_result` once a result was kept.
   * @default none: every result reaches toolnexus whole, byte for byte as before
   */
  resultBudget?: CoreLoadMcpOptions["resultBudget"];
  /** Where results over the budget are kept (the core's option). @default the core's memory store */
  resultStore?: CoreLoadMcpOptions["resultStore"];
  /**
   * Shape each tool's `inputSchema` for the model's provider (SPEC §13.5): `"openai-strict"`,
   * `"gemini"` or `"anthropic"`; the arguments go back to the server's shape before the call (the
   * nulls strict mode forced removed). The same option as in the other adapters.
   * @default "as-is" (toolnexus's schema of today)
   */
  schemaDialect?: SchemaDialect | undefined;
  /**
   * Maps toolnexus's per-call context into each MCP call (SPEC §23.2): it receives the `ctx` the
   * tool's `execute` was called with (as the host passed it, its own keys included; `{}` when none)
   * and returns `{ tenant?, _meta?, headers? }` for the call, or `undefined`. The library's own
   * `_meta` keys and headers cannot be set (SPEC §23.1); a function that throws, or returns a value
   * that cannot be sent, resolves that call with `isError: true`. The same option as in the other
   * adapters.
   * @default none (calls carry no tenant, `_meta` or headers of the host's)
   */
  context?: ((ctx: ToolContext) => McpTenantContext | undefined) | undefined;
  /**
   * Code mode (SPEC §22.3), as in the other adapters: `{}` adds `mcp_run_code` and
   * `mcp_describe_tools` to `tools`, after the MCP tools. toolnexus has no approval policy, so every
   * call a program makes runs (`approve` is never asked); `executor`, `maxCalls`,
   * `maxConcurrentCalls` and `maxResultChars` as the core's.
   * @default none (toolnexus's tool list of today)
   */
  codeMode?: AdapterCodeModeOptions | undefined;
}

/** Options of `listMcpTools`. */
export interface ListMcpToolsOptions {
  /** Aborts the listing. */
  signal?: AbortSignal | undefined;
  /** As in `loadMcp`. @default "all" */
  defaultInheritEnv?: InheritEnv | undefined;
  /** As in `loadMcp`. @default failed-server lines to `console.warn` */
  onWarning?: ((message: string) => void) | undefined;
}

function fail(option: string, expected: string, value: unknown): never {
  return invalidOption("loadMcp", option, expected, value);
}

function checkCount(option: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    fail(option, "an integer ≥ 0", value);
  }
}

/** The core's warnings when the caller has no `onWarning`: failed servers are reported by this adapter. */
function ignoreWarning(): void {}

/** The ADR's `autoRestart` → the core's (`backoffMs` is the core's `initialDelayMs`). */
export function toCoreAutoRestart(value: LoadMcpOptions["autoRestart"]): CoreLoadMcpOptions["autoRestart"] {
  // toolnexus's own spelling (a boolean, off by default) wins here; the core takes the object only.
  if (value === undefined || typeof value === "boolean") return value === true ? {} : { enabled: false };
  if (typeof value !== "object" || value === null)
    fail("autoRestart", "a boolean or { maxRetries, backoffMs }", value);
  checkCount("autoRestart.maxRetries", value.maxRetries);
  checkCount("autoRestart.backoffMs", value.backoffMs);
  const { maxRetries, backoffMs } = value;
  // The core caps every delay at 30 s; a longer first delay asked for here must not be cut.
  const longer = backoffMs !== undefined && backoffMs > LOAD_OPTION_DEFAULTS.autoRestart.maxDelayMs;
  return { maxRetries, initialDelayMs: backoffMs, maxDelayMs: longer ? backoffMs : undefined };
}

/** A description bound no description reaches: toolnexus gives the model the server's text whole. */
const WHOLE_DESCRIPTIONS = Number.MAX_SAFE_INTEGER;

/**
 * The core options every toolnexus load uses: names, server names, headers, env and descriptions as
 * toolnexus has them.
 */
const TOOLNEXUS_BASE = {
  naming: "toolnexus",
  serverNames: "any",
  missingHeaderVar: "empty",
  expandEnvReferences: false,
  maxDescriptionChars: WHOLE_DESCRIPTIONS,
} as const satisfies CoreLoadMcpOptions;

/**
 * Maps toolnexus load options onto the core's, field by field (an explicit `undefined` keeps the default).
 * @throws McpCoreError `OPTIONS_INVALID` naming the option when one is malformed
 */
export function toCoreOptions(options: LoadMcpOptions): CoreLoadMcpOptions {
  if (typeof options !== "object" || options === null) fail("options", "an object", options);
  if (options.waitFor !== undefined && typeof options.waitFor !== "function") {
    fail("waitFor", "a function", options.waitFor);
  }
  if (options.onWarning !== undefined && typeof options.onWarning !== "function") {
    fail("onWarning", "a function", options.onWarning);
  }
  return {
    ...TOOLNEXUS_BASE,
    maxDescriptionChars: options.maxDescriptionChars ?? WHOLE_DESCRIPTIONS,
    autoRestart: toCoreAutoRestart(options.autoRestart),
    liveToolList: options.liveToolList ?? false,
    defaultInheritEnv: options.defaultInheritEnv ?? "all",
    // Without a hook the adapter prints toolnexus's own failure lines; the core must not print its own.
    onWarning: options.onWarning ?? ignoreWarning,
    toolCache: options.toolCache === false ? null : options.toolCache,
    tokenStore: options.tokenStore,
    refreshSkewMs: options.refreshSkewMs,
    signal: options.signal,
    onElicitation: options.waitFor && elicitationBridge(options.waitFor),
    drift: options.drift,
    pinStore: options.pinStore,
    onDrift: options.onDrift,
    apps: options.apps,
    // Byte compatibility: toolnexus gets results whole unless the caller asks for the budget.
    resultBudget: options.resultBudget ?? { enabled: false },
    resultStore: options.resultStore,
  };
}

/** The core options of a one-shot listing: no restart, no live list, no cache. */
export function toCoreListOptions(options: ListMcpToolsOptions): CoreLoadMcpOptions {
  if (typeof options !== "object" || options === null) fail("options", "an object", options);
  if (options.onWarning !== undefined && typeof options.onWarning !== "function") {
    fail("onWarning", "a function", options.onWarning);
  }
  return {
    ...TOOLNEXUS_BASE,
    autoRestart: { enabled: false },
    liveToolList: false,
    toolCache: null,
    defaultInheritEnv: options.defaultInheritEnv ?? "all",
    onWarning: options.onWarning ?? ignoreWarning,
    signal: options.signal,
  };
}
