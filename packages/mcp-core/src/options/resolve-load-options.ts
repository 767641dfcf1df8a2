/**
 * The one step from `LoadMcpOptions` to the values `loadMcp` runs with: validate, then merge each
 * option over `LOAD_OPTION_DEFAULTS` field by field with `??`, so an explicit `undefined` keeps the
 * default. A server's own entry is merged over the result the same way (`resolveServerPolicy`).
 * @module
 */

import { DEFAULT_APP_MAX_BYTES } from "../apps/app-view.js";
import type { AutoRestartOptions, HealthCheckOptions, ServerConfig } from "../config/server-config.js";
import { namespacedName } from "../naming/namespaced-name.js";
import { toolnexusName } from "../naming/toolnexus-name.js";
import type { LoadMcpOptions, NamingOption, ResolvedAutoRestart, ResolvedHealthCheck } from "../options.js";
import { resolveResultBudget } from "../results/result-budget-options.js";
import { LoadRoots } from "../roots/load-roots.js";
import { resolveSamplingOptions } from "../sampling/sampling-policy.js";
import { defaultTaskStore } from "../tasks/default-task-store.js";
import { fileToolCache } from "../tool-cache/file-tool-cache.js";
import { LOAD_OPTION_DEFAULTS as DEFAULTS } from "./load-option-defaults.js";
import type { ResolvedLoadOptions } from "./resolved-load-options.js";
import { validateLoadOptions } from "./validate-load-options.js";

/**
 * Validates `options` and applies the defaults.
 * @throws McpCoreError `OPTIONS_INVALID` naming the first malformed option
 */
export function resolveLoadOptions(options: LoadMcpOptions): ResolvedLoadOptions {
  validateLoadOptions(options);
  return {
    autoRestart: mergePolicy(DEFAULTS.autoRestart, options.autoRestart),
    liveToolList: options.liveToolList ?? DEFAULTS.liveToolList,
    listChangedDebounceMs: options.listChangedDebounceMs ?? DEFAULTS.listChangedDebounceMs,
    defaultInheritEnv: options.defaultInheritEnv ?? DEFAULTS.defaultInheritEnv,
    naming: namingRule(options.naming ?? DEFAULTS.naming),
    defaultLazy: options.defaultLazy ?? DEFAULTS.defaultLazy,
    toolCache: options.toolCache === null ? undefined : (options.toolCache ?? fileToolCache()),
    signal: options.signal,
    failOnStartupError: options.failOnStartupError ?? DEFAULTS.failOnStartupError,
    healthCheck: mergePolicy(DEFAULTS.healthCheck, options.healthCheck),
    onElicitation: options.onElicitation,
    maxElicitationsPerMinute: options.maxElicitationsPerMinute ?? DEFAULTS.maxElicitationsPerMinute,
    onSampling: options.onSampling,
    samplingPolicy: resolveSamplingOptions(options.sampling),
    roots: new LoadRoots(options.roots),
    onWarning: options.onWarning,
    onStateChange: options.onStateChange,
    tenantEnv: options.tenantEnv,
    onSource: options.onSource,
    onResourcesChange: options.onResourcesChange,
    onResourceUpdated: options.onResourceUpdated,
    onToolsChange: options.onToolsChange,
    onPromptsChange: options.onPromptsChange,
    expandEnvReferences: options.expandEnvReferences ?? DEFAULTS.expandEnvReferences,
    missingHeaderVar: options.missingHeaderVar ?? DEFAULTS.missingHeaderVar,
    serverNames: options.serverNames ?? DEFAULTS.serverNames,
    env: options.env ?? process.env,
    killGraceMs: options.killGraceMs ?? DEFAULTS.killGraceMs,
    keepAlive: options.keepAlive ?? DEFAULTS.keepAlive,
    maxFrameBytes: options.maxFrameBytes ?? DEFAULTS.maxFrameBytes,
    maxResultBytes: options.maxResultBytes ?? DEFAULTS.maxResultBytes,
    maxDescriptionChars: options.maxDescriptionChars ?? DEFAULTS.maxDescriptionChars,
    maxInstructionsChars: options.maxInstructionsChars ?? DEFAULTS.maxInstructionsChars,
    apps: options.apps && { maxBytes: options.apps.maxBytes ?? DEFAULT_APP_MAX_BYTES },
    resultBudget:
      options.resultBudget?.enabled === false ? undefined : resolveResultBudget(options.resultBudget),
    resultStore: options.resultStore,
    tokenStore: options.tokenStore,
    taskStore: options.taskStore === null ? undefined : (options.taskStore ?? defaultTaskStore()),
    refreshSkewMs: options.refreshSkewMs ?? DEFAULTS.refreshSkewMs,
    deferLoading: options.deferLoading ?? DEFAULTS.deferLoading,
    serverLogLevel: options.serverLogLevel ?? DEFAULTS.serverLogLevel,
    onServerLog: options.onServerLog,
    onStderr: options.onStderr,
    drift: options.drift ?? DEFAULTS.drift,
    pinStore: options.pinStore,
    onDrift: options.onDrift,
  };
}

/** The settings one server runs with: its entry's own values, else the load options'. */
export interface ServerPolicy {
  lazy: boolean;
  liveToolList: boolean;
  autoRestart: ResolvedAutoRestart;
  healthCheck: ResolvedHealthCheck;
  /** The most characters of a tool description the model sees. */
  maxDescriptionChars: number;
  /** The most characters of the server's instructions `instructionsPrompt` gives the model. */
  maxInstructionsChars: number;
}

/** Merges a server's entry over the resolved load options, field by field. */
export function resolveServerPolicy(options: ResolvedLoadOptions, config: ServerConfig): ServerPolicy {
  return {
    lazy: config.lazy ?? options.defaultLazy,
    liveToolList: config.liveToolList ?? options.liveToolList,
    autoRestart: mergePolicy(options.autoRestart, config.autoRestart),
    healthCheck: mergePolicy(options.healthCheck, config.healthCheck),
    maxDescriptionChars: config.maxDescriptionChars ?? options.maxDescriptionChars,
    maxInstructionsChars: config.maxInstructionsChars ?? options.maxInstructionsChars,
  };
}

type Policy = ResolvedAutoRestart | ResolvedHealthCheck;
type PolicyInput<P extends Policy> = P extends ResolvedAutoRestart ? AutoRestartOptions : HealthCheckOptions;

/**
 * A policy given as a boolean or an object, over `base`: a boolean switches it and keeps `base`'s
 * fields; an object switches it on and overrides each field it sets (an `undefined` field keeps
 * `base`'s).
 */
function mergePolicy<P extends Policy>(base: P, value: PolicyInput<P> | undefined): P {
  if (value === undefined) return { ...base };
  // An object turns the policy on unless it says `enabled: false`.
  const merged: P = { ...base, enabled: value.enabled ?? true };
  const fields = value as Partial<Record<keyof P, unknown>>;
  for (const key of Object.keys(base) as Array<keyof P>) {
    if (key !== "enabled") merged[key] = (fields[key] ?? base[key]) as P[keyof P];
  }
  return merged;
}

function namingRule(naming: NamingOption): (server: string, rawName: string) => string {
  if (typeof naming === "function") return naming;
  return naming === "toolnexus" ? toolnexusName : namespacedName;
}
