/**
 * `loadMcp`'s options once resolved (`resolve-load-options.ts`): every default applied, every
 * value checked, the shape the engine reads. The host-facing options are `options.ts`'s.
 * @module
 */
import type { TokenStore } from "../auth/token-store.js";
import type { ResolvedAutoRestart, ResolvedHealthCheck } from "../config/resolved-policies.js";
import type { InheritEnv } from "../config/server-config.js";
import type { DriftPolicy, McpDrift } from "../drift-types.js";
import type { McpLogLevel } from "../logs/log-level.js";
import type { ServerLogMessage, StderrLineInfo } from "../logs/log-message.js";
import type { ElicitationHandler, TenantEnv } from "../options.js";
import type { PinStore } from "../pins/pin-entry.js";
import type { ResolvedResultBudget } from "../results/result-budget-options.js";
import type { ResultStore } from "../results/result-store.js";
import type { LoadRoots } from "../roots/load-roots.js";
import type { ResolvedSamplingOptions } from "../sampling/sampling-policy.js";
import type { SamplingHandler } from "../sampling/sampling-types.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { ToolCacheStore } from "../tool-cache/tool-cache-store.js";
import type {
  ConnectionState,
  DeferLoading,
  McpSource,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
  StateInfo,
  ToolsChange,
} from "../types.js";

/** `LoadMcpOptions` after validation, every default applied: what `loadMcp` reads. */
export interface ResolvedLoadOptions {
  /** The load-level policy; a server's own `autoRestart` is merged over it field by field. */
  autoRestart: ResolvedAutoRestart;
  liveToolList: boolean;
  listChangedDebounceMs: number;
  defaultInheritEnv: InheritEnv;
  /** The naming rule as a function. */
  naming: (server: string, rawName: string) => string;
  defaultLazy: boolean;
  /** The listing cache, or undefined when `toolCache` is null. */
  toolCache: ToolCacheStore | undefined;
  signal: AbortSignal | undefined;
  failOnStartupError: boolean;
  /** The load-level policy; a server's own `healthCheck` is merged over it field by field. */
  healthCheck: ResolvedHealthCheck;
  onElicitation: ElicitationHandler | undefined;
  maxElicitationsPerMinute: number;
  onSampling: SamplingHandler | undefined;
  /**
   * The `sampling` option over `SAMPLING_DEFAULTS`: the sampling policy. Named apart from the
   * entry's `allowSampling` (a boolean: may this server sample at all).
   */
  samplingPolicy: ResolvedSamplingOptions;
  /** The load-level roots, validated; `configured` is false without the option. */
  roots: LoadRoots;
  onWarning: ((message: string) => void) | undefined;
  onStateChange: ((server: string, state: ConnectionState, info: StateInfo) => void) | undefined;
  tenantEnv: TenantEnv | undefined;
  onSource: ((source: McpSource) => void) | undefined;
  onResourcesChange: ((server: string, change: ResourcesChange) => void) | undefined;
  onResourceUpdated: ((server: string, update: ResourceUpdate) => void) | undefined;
  onToolsChange: ((server: string, change: ToolsChange) => void) | undefined;
  onPromptsChange: ((server: string, change: PromptsChange) => void) | undefined;
  expandEnvReferences: boolean;
  missingHeaderVar: "error" | "empty";
  serverNames: "strict" | "any";
  env: Record<string, string | undefined>;
  killGraceMs: number;
  keepAlive: boolean;
  maxFrameBytes: number;
  maxResultBytes: number;
  maxDescriptionChars: number;
  maxInstructionsChars: number;
  /** MCP Apps, when the host opted in (`apps`), with its bound resolved. */
  apps: { maxBytes: number } | undefined;
  /** The result budget, or undefined when `resultBudget.enabled` is false. */
  resultBudget: ResolvedResultBudget | undefined;
  /** The host's result store, or undefined for the default (made by `loadMcp` when the budget is on). */
  resultStore: ResultStore | undefined;
  /** The host's token store; without one a server with `auth` gets a `fileTokenStore()` on first use. */
  tokenStore: TokenStore | undefined;
  /** The task store, or undefined when `taskStore` is null. */
  taskStore: TaskStore | undefined;
  refreshSkewMs: number;
  deferLoading: DeferLoading;
  serverLogLevel: McpLogLevel;
  onServerLog: ((server: string, message: ServerLogMessage) => void) | undefined;
  onStderr: ((server: string, line: string, info?: StderrLineInfo) => void) | undefined;
  drift: DriftPolicy;
  /** The host's pin store, `false`, or undefined (the default: see `loadMcp`). */
  pinStore: PinStore | null | undefined;
  onDrift: ((server: string, drift: McpDrift) => void) | undefined;
}
