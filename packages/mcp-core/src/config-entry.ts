/**
 * `@toolnexus/mcp-core/config`: the config as the core reads it, for tools that inspect a config
 * without loading it (a CLI, an editor check) — `parseConfig` and the parsed types, the config-file
 * input types, every default (`LOAD_OPTION_DEFAULTS`, `SERVER_ENTRY_DEFAULTS`), the limits the core
 * enforces, and the pure rules it applies (naming, scoped env, backoff, which hosts are loopback).
 * Follows semver like the root entry.
 * @module
 */

export type { AuthCallback } from "./auth/auth-callback.js";
export type { DpopInput } from "./config/dpop-input.js";
export type {
  EnterpriseManagedAuthInput,
  IdentityProviderInput,
  JwtSource,
  WorkloadIdentityAuthInput,
} from "./config/enterprise-auth.js";
export type {
  McpLocalServerEntry,
  McpRemoteServerEntry,
  McpServerEntry,
  McpServerEntryOptions,
  McpServerMap,
  McpServersConfig,
  McpToolSelection,
  OpencodeMcpConfig,
  VsCodeServersConfig,
} from "./config/mcp-config-input.js";
export { parseConfig } from "./config/parse-config.js";
export { PROTOCOL_SETTINGS, type ProtocolSetting } from "./config/protocol-setting.js";
export type {
  AuthInput,
  AutoRestartOptions,
  HeadersInput,
  HealthCheckOptions,
  HttpServerConfig,
  InheritEnv,
  ParsedConfig,
  ServerConfig,
  ServerConfigBase,
  StdioServerConfig,
  ToolFilter,
  ToolFilterInput,
} from "./config/server-config.js";
export { SERVER_ENTRY_DEFAULTS } from "./config/server-entry-defaults.js";
export { MAX_ELICITATION_URL_CHARS } from "./elicitation/elicitation-url-policy.js";
export type { ElicitationContext } from "./elicitation/guard-elicitation.js";
export { scopedEnv } from "./env/scoped-env.js";
export { isMcpLogLevel, MCP_LOG_LEVELS } from "./logs/log-level.js";
export { MAX_LOG_DATA_BYTES, MAX_LOGGER_CHARS } from "./logs/log-message.js";
export { MAX_INSTRUCTIONS_CHARS } from "./logs/server-instructions.js";
export {
  MAX_STDERR_LINE_BYTES,
  OUTPUT_RATE_LIMIT,
  SUMMARY_INTERVAL_MS,
  SUMMARY_LOGGER,
} from "./logs/server-output.js";
export { isLoopbackHostname } from "./loopback-hostname.js";
export { namespacedName } from "./naming/namespaced-name.js";
export { toolnexusName } from "./naming/toolnexus-name.js";
export { LOAD_OPTION_DEFAULTS, type LoadOptionDefaults } from "./options/load-option-defaults.js";
export { MAX_CATALOG_ITEMS, MAX_CATALOG_TEXT_CHARS, MAX_URI_CHARS } from "./resources/catalog-limits.js";
export {
  type EntryResultBudget,
  MAX_RESULT_SIZE_HINT,
  RESULT_BUDGET_DEFAULTS,
  type ResultBudgetLimits,
} from "./results/result-budget-options.js";
export type { ResolvedRoot, RootsOption } from "./roots/root.js";
export type { SamplingContext, SamplingOptions } from "./sampling/sampling-types.js";
export {
  type ArgPlan,
  type PropPlan,
  restoreArguments,
  SCHEMA_DIALECTS,
  type ShapedSchema,
  shapeInputSchema,
} from "./schema-dialects/index.js";
export { MAX_TIMER_MS } from "./timer-limit.js";
export { type BackoffInput, backoffDelay } from "./timing/backoff.js";
