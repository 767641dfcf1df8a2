/**
 * The defaults of `loadMcp`'s options, in one constant: the resolve step applies them, the README's
 * options table states them, and a test checks that the two agree.
 * @module
 */

import type { ResolvedAutoRestart, ResolvedHealthCheck } from "../config/resolved-policies.js";
import type { InheritEnv } from "../config/server-config.js";
import type { DriftPolicy } from "../drift-types.js";
import type { McpLogLevel } from "../logs/log-level.js";
import { DEFAULT_MAX_DESCRIPTION_CHARS, DEFAULT_MAX_INSTRUCTIONS_CHARS } from "../text-budget.js";
import type { DeferLoading } from "../types.js";

/** The shape of {@link LOAD_OPTION_DEFAULTS}: every option that has a fixed default value. */
export interface LoadOptionDefaults {
  readonly autoRestart: Readonly<ResolvedAutoRestart>;
  readonly liveToolList: boolean;
  readonly listChangedDebounceMs: number;
  readonly defaultInheritEnv: InheritEnv;
  readonly naming: "namespaced" | "toolnexus";
  readonly defaultLazy: boolean;
  readonly failOnStartupError: boolean;
  readonly healthCheck: Readonly<ResolvedHealthCheck>;
  readonly maxElicitationsPerMinute: number;
  readonly expandEnvReferences: boolean;
  readonly missingHeaderVar: "error" | "empty";
  readonly serverNames: "strict" | "any";
  readonly killGraceMs: number;
  readonly keepAlive: boolean;
  readonly maxFrameBytes: number;
  readonly maxResultBytes: number;
  readonly maxDescriptionChars: number;
  readonly maxInstructionsChars: number;
  readonly refreshSkewMs: number;
  readonly deferLoading: DeferLoading;
  readonly serverLogLevel: McpLogLevel;
  readonly drift: DriftPolicy;
}

/**
 * What `loadMcp` uses for an option that is absent or `undefined`. `autoRestart` and `healthCheck`
 * hold the whole policy: `enabled` is the default of the boolean form, the other fields are the
 * defaults of the object form (an object turns the policy on). Frozen.
 */
export const LOAD_OPTION_DEFAULTS: LoadOptionDefaults = Object.freeze({
  autoRestart: Object.freeze({
    enabled: true,
    maxRetries: 10,
    initialDelayMs: 500,
    maxDelayMs: 30_000,
    stableAfterMs: 30_000,
  }),
  liveToolList: true,
  listChangedDebounceMs: 50,
  defaultInheritEnv: Object.freeze([]),
  naming: "namespaced",
  defaultLazy: false,
  failOnStartupError: false,
  healthCheck: Object.freeze({ enabled: false, intervalMs: 30_000, timeoutMs: 10_000, failures: 2 }),
  maxElicitationsPerMinute: 30,
  expandEnvReferences: true,
  missingHeaderVar: "error",
  serverNames: "strict",
  killGraceMs: 2000,
  keepAlive: false,
  // 64 MiB: well above any sane tool result, still a bound.
  maxFrameBytes: 64 * 1024 * 1024,
  // 8 MiB: about two million tokens of text, past any model's context, and an image of 6 MiB
  // (base64) still arrives whole; a host that wants more raises it.
  maxResultBytes: 8 * 1024 * 1024,
  // What the model sees of a server's own text (SPEC §13.4.8): Claude Code's cap of both.
  maxDescriptionChars: DEFAULT_MAX_DESCRIPTION_CHARS,
  maxInstructionsChars: DEFAULT_MAX_INSTRUCTIONS_CHARS,
  refreshSkewMs: 30_000,
  deferLoading: Object.freeze({ enabled: false }),
  serverLogLevel: "info",
  // Today's behaviour (a new definition is offered at once), now reported and pinned: SPEC "Pins
  // and drift" gives the reasons, and why a resident agent's host should still choose `hold`.
  drift: "accept",
});

/** The options that take a function (hooks and listeners), none by default. */
export const LOAD_OPTION_HOOKS = Object.freeze([
  "onElicitation",
  "onSampling",
  "onWarning",
  "onStateChange",
  "onSource",
  "onServerLog",
  "onStderr",
  "onResourcesChange",
  "onResourceUpdated",
  "onToolsChange",
  "onPromptsChange",
  "onDrift",
  "tenantEnv",
] as const);

/**
 * The options without a fixed default value: `toolCache` (a new `fileToolCache()` per load),
 * `tokenStore` (a `fileTokenStore()` made when a server has `auth`), `taskStore` (a
 * `fileTaskStore()`), `resultBudget` (its fields' defaults, `RESULT_BUDGET_DEFAULTS`), `resultStore`
 * (a `memoryResultStore()` per load), `env`
 * (`process.env` when the load starts), and the hooks and signal, which default to none. Together with
 * the keys of {@link LOAD_OPTION_DEFAULTS} they name every option (a test checks it, and the README).
 */
export const LOAD_OPTIONS_WITHOUT_FIXED_DEFAULT = Object.freeze([
  "toolCache",
  "tokenStore",
  "taskStore",
  "pinStore",
  "env",
  "signal",
  "sampling",
  "roots",
  "apps",
  "resultBudget",
  "resultStore",
  ...LOAD_OPTION_HOOKS,
] as const);
