/**
 * Validation of `loadMcp`'s options: every malformed option is an `OPTIONS_INVALID` `McpCoreError`
 * that names the option, what was expected and what was given (a number is shown, a string's value
 * never is).
 * @module
 */
import { McpCoreError } from "../errors.js";
import { isMcpLogLevel, MCP_LOG_LEVELS } from "../logs/log-level.js";
import type { LoadMcpOptions } from "../options.js";
import { DEFER_LOADING_EXPECTED, isDeferLoading } from "../search/defer-loading.js";
import { MIN_TEXT_BUDGET_CHARS } from "../text-budget.js";
import { MAX_TIMER_EXPECTED, MAX_TIMER_MS } from "../timer-limit.js";
import { LOAD_OPTION_HOOKS } from "./load-option-defaults.js";

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

/** What `autoRestart` and `healthCheck` take: the object only, its `enabled` the switch (CONTRIBUTING.md). */
const POLICY_EXPECTED = "an object ({} for the defaults, { enabled: false } to turn it off)";

function checkBool(option: string, value: unknown): void {
  if (value !== undefined && typeof value !== "boolean") fail(option, "a boolean", value);
}

/** Validates the options once, up front; throws an `OPTIONS_INVALID` `McpCoreError` naming the option. */
export function validateLoadOptions(options: LoadMcpOptions): void {
  if (typeof options !== "object" || options === null) fail("options", "an object", options);
  const o = options;
  if (o.autoRestart !== undefined) {
    if (typeof o.autoRestart !== "object" || o.autoRestart === null) {
      fail("autoRestart", POLICY_EXPECTED, o.autoRestart);
    }
    checkBool("autoRestart.enabled", o.autoRestart.enabled);
    checkInt("autoRestart.maxRetries", o.autoRestart.maxRetries, 0);
    checkInt("autoRestart.initialDelayMs", o.autoRestart.initialDelayMs, 0);
    checkInt("autoRestart.maxDelayMs", o.autoRestart.maxDelayMs, 0);
    checkInt("autoRestart.stableAfterMs", o.autoRestart.stableAfterMs, 0);
  }
  if (o.healthCheck !== undefined) {
    if (typeof o.healthCheck !== "object" || o.healthCheck === null) {
      fail("healthCheck", POLICY_EXPECTED, o.healthCheck);
    }
    checkBool("healthCheck.enabled", o.healthCheck.enabled);
    checkInt("healthCheck.intervalMs", o.healthCheck.intervalMs, 1);
    checkInt("healthCheck.timeoutMs", o.healthCheck.timeoutMs, 1);
    checkInt("healthCheck.failures", o.healthCheck.failures, 1);
  }
  checkBool("liveToolList", o.liveToolList);
  checkBool("defaultLazy", o.defaultLazy);
  checkBool("failOnStartupError", o.failOnStartupError);
  checkBool("expandEnvReferences", o.expandEnvReferences);
  checkBool("keepAlive", o.keepAlive);
  checkInt("listChangedDebounceMs", o.listChangedDebounceMs, 0);
  checkInt("killGraceMs", o.killGraceMs, 0);
  checkInt("maxFrameBytes", o.maxFrameBytes, 1024);
  checkInt("maxResultBytes", o.maxResultBytes, 1024);
  checkInt("maxDescriptionChars", o.maxDescriptionChars, MIN_TEXT_BUDGET_CHARS);
  checkInt("maxInstructionsChars", o.maxInstructionsChars, MIN_TEXT_BUDGET_CHARS);
  if (o.apps !== undefined) {
    if (typeof o.apps !== "object" || o.apps === null || Array.isArray(o.apps))
      fail("apps", "{ maxBytes? }", o.apps);
    for (const key of Object.keys(o.apps))
      if (key !== "maxBytes") fail(`apps.${key}`, "no such key (maxBytes)", key);
    checkInt("apps.maxBytes", o.apps.maxBytes, 1024);
  }
  if (o.resultBudget !== undefined) validateResultBudget(o.resultBudget);
  if (o.resultStore !== undefined) {
    const store = o.resultStore as unknown as Record<string, unknown>;
    if (
      typeof store !== "object" ||
      store === null ||
      ["put", "get"].some((m) => typeof store[m] !== "function")
    ) {
      fail("resultStore", "a store with put and get", o.resultStore);
    }
  }
  checkInt("maxElicitationsPerMinute", o.maxElicitationsPerMinute, 1);
  checkInt("refreshSkewMs", o.refreshSkewMs, 0);
  if (o.deferLoading !== undefined && !isDeferLoading(o.deferLoading)) {
    fail("deferLoading", DEFER_LOADING_EXPECTED, o.deferLoading);
  }
  if (o.tokenStore !== undefined) {
    const store = o.tokenStore as unknown as Record<string, unknown>;
    const methods = ["get", "set", "delete", "withLock"];
    if (typeof store !== "object" || store === null || methods.some((m) => typeof store[m] !== "function")) {
      fail("tokenStore", "a store with get, set, delete and withLock", o.tokenStore);
    }
  }
  if (o.taskStore !== undefined && o.taskStore !== null) {
    const store = o.taskStore as unknown as Record<string, unknown>;
    const methods = ["list", "put", "delete"];
    if (typeof store !== "object" || store === null || methods.some((m) => typeof store[m] !== "function")) {
      fail("taskStore", "null or a store with list, put and delete", o.taskStore);
    }
  }
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
  checkKeyedStore("toolCache", o.toolCache);
  if (o.drift !== undefined && o.drift !== "accept" && o.drift !== "hold" && o.drift !== "block") {
    fail("drift", '"accept", "hold" or "block"', o.drift);
  }
  checkKeyedStore("pinStore", o.pinStore);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    fail("signal", "an AbortSignal", o.signal);
  if (o.serverLogLevel !== undefined && !isMcpLogLevel(o.serverLogLevel)) {
    fail("serverLogLevel", `one of ${MCP_LOG_LEVELS.map((l) => `"${l}"`).join(", ")}`, o.serverLogLevel);
  }
  for (const name of LOAD_OPTION_HOOKS) {
    if (o[name] !== undefined && typeof o[name] !== "function") fail(name, "a function", o[name]);
  }
  if (o.missingHeaderVar !== undefined && o.missingHeaderVar !== "error" && o.missingHeaderVar !== "empty") {
    fail("missingHeaderVar", '"error" or "empty"', o.missingHeaderVar);
  }
  if (o.serverNames !== undefined && o.serverNames !== "strict" && o.serverNames !== "any") {
    fail("serverNames", '"strict" or "any"', o.serverNames);
  }
  if (o.env !== undefined && (typeof o.env !== "object" || o.env === null)) fail("env", "an object", o.env);
  if (o.sampling !== undefined) validateSampling(o.sampling);
}

/** A store keyed like the listing cache: `false`, or an object with get, set and maybe subscribe. */
function checkKeyedStore(option: "toolCache" | "pinStore", value: unknown): void {
  if (value === undefined || value === null) return;
  const store = value as Record<string, unknown>;
  if (
    typeof store !== "object" ||
    store === null ||
    typeof store.get !== "function" ||
    typeof store.set !== "function" ||
    (store.subscribe !== undefined && typeof store.subscribe !== "function")
  ) {
    fail(option, "null or a store with get(key), set(key, entry) and optionally subscribe(listener)", value);
  }
}

function validateResultBudget(budget: NonNullable<LoadMcpOptions["resultBudget"]>): void {
  if (typeof budget !== "object" || budget === null) fail("resultBudget", "an object", budget);
  for (const key of ["maxTokens", "warnTokens", "maxHintTokens", "previewTokens", "maxMediaBytes"] as const) {
    checkInt(`resultBudget.${key}`, budget[key], 1);
  }
  checkInt("resultBudget.maxMediaBlocks", budget.maxMediaBlocks, 0);
  checkInt("resultBudget.ttlMs", budget.ttlMs, 1);
  checkBool("resultBudget.enabled", budget.enabled);
  if (budget.tokenCounter !== undefined && typeof budget.tokenCounter !== "function") {
    fail("resultBudget.tokenCounter", "a function", budget.tokenCounter);
  }
}

function validateSampling(sampling: NonNullable<LoadMcpOptions["sampling"]>): void {
  if (typeof sampling !== "object" || sampling === null) fail("sampling", "an object", sampling);
  checkBool("sampling.tools", sampling.tools);
  if (sampling.approve !== undefined && typeof sampling.approve !== "function") {
    fail("sampling.approve", "a function", sampling.approve);
  }
  checkInt("sampling.maxTokens", sampling.maxTokens, 1);
  checkInt("sampling.maxRequestsPerMinute", sampling.maxRequestsPerMinute, 1);
  checkInt("sampling.maxMessages", sampling.maxMessages, 1);
  checkInt("sampling.maxRequestBytes", sampling.maxRequestBytes, 1024);
}
