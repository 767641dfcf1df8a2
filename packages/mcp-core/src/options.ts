/**
 * Options of `loadMcp` and the one step that resolves them against the defaults.
 * @module
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { AutoRestartOptions, HealthCheckOptions, InheritEnv } from "./config/server-config.js";
import { McpCoreError } from "./errors.js";
import type { ToolCacheStore } from "./lazy/tool-cache-store.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "./timer-limit.js";

/** Model-facing naming: `mcp__server__tool` (default), toolnexus's `server_tool`, or your own. */
export type NamingOption = "namespaced" | "toolnexus" | ((server: string, rawName: string) => string);

/** A server's request for user input (elicitation), and the answer sent back. */
export type ElicitationHandler = (server: string, request: ElicitRequest["params"]) => Promise<ElicitResult>;

/** Options of `loadMcp`. Every field is optional; an explicit `undefined` keeps the default. */
export interface LoadMcpOptions {
  /** Restart servers whose transport closes. @default true (10 attempts, 500 ms → 30 s, reset after 30 s) */
  autoRestart?: boolean | AutoRestartOptions;
  /** Follow `notifications/tools/list_changed`. @default true */
  liveToolList?: boolean;
  /** Debounce of list_changed notifications. @default 50 */
  listChangedDebounceMs?: number;
  /** Parent env names a stdio child gets when its entry has no `inheritEnv`. @default [] */
  defaultInheritEnv?: InheritEnv;
  /** Model-facing tool names. @default "namespaced" */
  naming?: NamingOption;
  /** Connect servers on first use unless their entry says otherwise. @default false */
  defaultLazy?: boolean;
  /** Listing cache for lazy servers: a store, or false. @default a file store under the user cache dir */
  toolCache?: ToolCacheStore | false;
  /** Aborts the load and any restart in progress. */
  signal?: AbortSignal;
  /** Reject the load, naming every failed server, instead of isolating failures. @default false */
  failOnStartupError?: boolean;
  /** Ping running servers; missed pings count as a dead transport. @default false */
  healthCheck?: boolean | HealthCheckOptions;
  /** Answers server elicitation requests; the capability is advertised only when given. */
  onElicitation?: ElicitationHandler;
  /** Receives warnings (unknown config keys, dropped malformed tools, failed refreshes). @default none */
  onWarning?: (message: string) => void;
  /** Expand `${VAR}` in explicit `env` values from the parent env; false passes them literally. @default true */
  expandEnvReferences?: boolean;
  /** How `${VAR}` in header values treats an unset variable. @default "error" */
  missingHeaderVar?: "error" | "empty";
  /** Accept any non-empty server name (`"any"`) instead of `[A-Za-z0-9_-]{1,32}`. @default "strict" */
  serverNames?: "strict" | "any";
  /** Parent environment for stdio children and `${VAR}` expansion. @default process.env */
  env?: Record<string, string | undefined>;
  /** Milliseconds between SIGTERM and SIGKILL when stopping a child. @default 2000 */
  killGraceMs?: number;
  /**
   * The longest line (JSON-RPC message) a stdio server may write to stdout, in bytes; a longer one
   * fails that server's pending calls with `FRAME_TOO_LARGE` and restarts it. Also the most bytes
   * queued to a stdio server that does not read its stdin before sends fail with `STDIN_BACKLOG_FULL`.
   * @default 67108864 (64 MiB)
   */
  maxFrameBytes?: number;
}

/** Default of `maxFrameBytes`: 64 MiB, well above any sane tool result, still a bound. */
export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** The resolved restart policy. */
export interface ResolvedAutoRestart {
  enabled: boolean;
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  stableAfterMs: number;
}

/** The resolved health-check policy. */
export interface ResolvedHealthCheck {
  enabled: boolean;
  intervalMs: number;
  timeoutMs: number;
  failures: number;
}

export const AUTO_RESTART_DEFAULTS: Omit<ResolvedAutoRestart, "enabled"> = {
  maxRetries: 10,
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 30_000,
};

export const HEALTH_CHECK_DEFAULTS: Omit<ResolvedHealthCheck, "enabled"> = {
  intervalMs: 30_000,
  timeoutMs: 10_000,
  failures: 2,
};

function fail(option: string, expected: string, value: unknown): never {
  const message = `loadMcp option "${option}": expected ${expected}, got ${describe(value)}`;
  throw new McpCoreError("OPTIONS_INVALID", message);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return String(value);
  return typeof value;
}

function checkInt(option: string, value: unknown, min: number): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    fail(option, `an integer ≥ ${min}`, value);
  }
  // A duration (every one is named `…Ms`) must fit a timer, or it fires after 1 ms.
  if (option.endsWith("Ms") && value > MAX_TIMER_MS) fail(option, MAX_TIMER_EXPECTED, value);
}

function checkBool(option: string, value: unknown): void {
  if (value !== undefined && typeof value !== "boolean") fail(option, "a boolean", value);
}

/** Merges a load-level and a server-level restart policy, field by field. */
export function resolveAutoRestart(
  global: boolean | AutoRestartOptions | undefined,
  local: boolean | AutoRestartOptions | undefined,
  defaultEnabled = true,
): ResolvedAutoRestart {
  const g = typeof global === "object" ? global : undefined;
  const l = typeof local === "object" ? local : undefined;
  const enabled =
    typeof local === "boolean"
      ? local
      : l
        ? true
        : typeof global === "boolean"
          ? global
          : g
            ? true
            : defaultEnabled;
  return {
    enabled,
    maxRetries: l?.maxRetries ?? g?.maxRetries ?? AUTO_RESTART_DEFAULTS.maxRetries,
    initialDelayMs: l?.initialDelayMs ?? g?.initialDelayMs ?? AUTO_RESTART_DEFAULTS.initialDelayMs,
    maxDelayMs: l?.maxDelayMs ?? g?.maxDelayMs ?? AUTO_RESTART_DEFAULTS.maxDelayMs,
    stableAfterMs: l?.stableAfterMs ?? g?.stableAfterMs ?? AUTO_RESTART_DEFAULTS.stableAfterMs,
  };
}

/** Merges a load-level and a server-level health-check policy, field by field. */
export function resolveHealthCheck(
  global: boolean | HealthCheckOptions | undefined,
  local: boolean | HealthCheckOptions | undefined,
): ResolvedHealthCheck {
  const g = typeof global === "object" ? global : undefined;
  const l = typeof local === "object" ? local : undefined;
  const enabled =
    typeof local === "boolean" ? local : l ? true : typeof global === "boolean" ? global : g !== undefined;
  return {
    enabled,
    intervalMs: l?.intervalMs ?? g?.intervalMs ?? HEALTH_CHECK_DEFAULTS.intervalMs,
    timeoutMs: l?.timeoutMs ?? g?.timeoutMs ?? HEALTH_CHECK_DEFAULTS.timeoutMs,
    failures: l?.failures ?? g?.failures ?? HEALTH_CHECK_DEFAULTS.failures,
  };
}

/** Validates the options once, up front; throws an `OPTIONS_INVALID` `McpCoreError` naming the option. */
export function validateOptions(options: LoadMcpOptions): void {
  if (typeof options !== "object" || options === null) fail("options", "an object", options);
  const o = options;
  if (o.autoRestart !== undefined && typeof o.autoRestart !== "boolean") {
    if (typeof o.autoRestart !== "object" || o.autoRestart === null) {
      fail(
        "autoRestart",
        "a boolean or { maxRetries, initialDelayMs, maxDelayMs, stableAfterMs }",
        o.autoRestart,
      );
    }
    checkInt("autoRestart.maxRetries", o.autoRestart.maxRetries, 0);
    checkInt("autoRestart.initialDelayMs", o.autoRestart.initialDelayMs, 0);
    checkInt("autoRestart.maxDelayMs", o.autoRestart.maxDelayMs, 0);
    checkInt("autoRestart.stableAfterMs", o.autoRestart.stableAfterMs, 0);
  }
  if (o.healthCheck !== undefined && typeof o.healthCheck !== "boolean") {
    if (typeof o.healthCheck !== "object" || o.healthCheck === null) {
      fail("healthCheck", "a boolean or { intervalMs, timeoutMs, failures }", o.healthCheck);
    }
    checkInt("healthCheck.intervalMs", o.healthCheck.intervalMs, 1);
    checkInt("healthCheck.timeoutMs", o.healthCheck.timeoutMs, 1);
    checkInt("healthCheck.failures", o.healthCheck.failures, 1);
  }
  checkBool("liveToolList", o.liveToolList);
  checkBool("defaultLazy", o.defaultLazy);
  checkBool("failOnStartupError", o.failOnStartupError);
  checkBool("expandEnvReferences", o.expandEnvReferences);
  checkInt("listChangedDebounceMs", o.listChangedDebounceMs, 0);
  checkInt("killGraceMs", o.killGraceMs, 0);
  checkInt("maxFrameBytes", o.maxFrameBytes, 1024);
  if (o.defaultInheritEnv !== undefined && o.defaultInheritEnv !== "all") {
    if (!Array.isArray(o.defaultInheritEnv) || o.defaultInheritEnv.some((n) => typeof n !== "string")) {
      fail("defaultInheritEnv", '"all" or an array of env names', o.defaultInheritEnv);
    }
  }
  if (
    o.naming !== undefined &&
    o.naming !== "namespaced" &&
    o.naming !== "toolnexus" &&
    typeof o.naming !== "function"
  ) {
    fail("naming", '"namespaced", "toolnexus" or a function', o.naming);
  }
  if (o.toolCache !== undefined && o.toolCache !== false) {
    const store = o.toolCache as unknown as Record<string, unknown>;
    if (
      typeof store !== "object" ||
      store === null ||
      typeof store.get !== "function" ||
      typeof store.set !== "function"
    ) {
      fail("toolCache", "false or a store with get(key) and set(key, entry)", o.toolCache);
    }
  }
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    fail("signal", "an AbortSignal", o.signal);
  for (const name of ["onElicitation", "onWarning"] as const) {
    if (o[name] !== undefined && typeof o[name] !== "function") fail(name, "a function", o[name]);
  }
  if (o.missingHeaderVar !== undefined && o.missingHeaderVar !== "error" && o.missingHeaderVar !== "empty") {
    fail("missingHeaderVar", '"error" or "empty"', o.missingHeaderVar);
  }
  if (o.serverNames !== undefined && o.serverNames !== "strict" && o.serverNames !== "any") {
    fail("serverNames", '"strict" or "any"', o.serverNames);
  }
  if (o.env !== undefined && (typeof o.env !== "object" || o.env === null)) fail("env", "an object", o.env);
}
