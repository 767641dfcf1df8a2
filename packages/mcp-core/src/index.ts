/**
 * `@toolnexus/mcp-core`: MCP servers (stdio and Streamable HTTP) as a live, self-healing,
 * framework-agnostic tool set — lifecycle with auto-restart, live tool list, lazy start with a
 * listing cache, least-privilege env and deterministic tool names.
 * @module
 */

export type { AuthCallback } from "./auth/auth-callback.js";
export { type AuthStoreKeyOptions, authStoreKey } from "./auth/auth-store-key.js";
export {
  DEFAULT_MAX_TOKEN_ENTRY_BYTES,
  DEFAULT_TOKEN_LOCK_STALE_AFTER_MS,
  DEFAULT_TOKEN_LOCK_WAIT_MS,
  defaultAuthDir,
  type FileTokenStoreOptions,
  fileTokenStore,
} from "./auth/file-token-store.js";
export {
  type LoopbackRedirect,
  type LoopbackRedirectOptions,
  listenForRedirect,
  type RedirectResult,
} from "./auth/loopback-redirect.js";
export type { StoredAuth, TokenStore } from "./auth/token-store.js";
export type {
  McpConfigInput,
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
export { scopedEnv } from "./env/scoped-env.js";
export { isMcpCoreError, McpCoreError, type McpCoreErrorCode } from "./errors.js";
export {
  DEFAULT_MAX_CACHE_ENTRY_BYTES,
  DEFAULT_MAX_CACHE_TOOLS,
  defaultCacheDir,
  type FileToolCacheOptions,
  fileToolCache,
} from "./lazy/file-tool-cache.js";
export { configFingerprint } from "./lazy/fingerprint.js";
export type { ToolCacheEntry, ToolCacheListener, ToolCacheStore } from "./lazy/tool-cache-store.js";
export { loadMcp } from "./load-mcp.js";
export { isMcpLogLevel, MCP_LOG_LEVELS, type McpLogLevel } from "./logs/log-level.js";
export { MAX_LOG_DATA_BYTES, MAX_LOGGER_CHARS, type ServerLogMessage } from "./logs/log-message.js";
export { MAX_INSTRUCTIONS_CHARS } from "./logs/server-instructions.js";
export {
  MAX_STDERR_LINE_BYTES,
  OUTPUT_RATE_LIMIT,
  SUMMARY_INTERVAL_MS,
  SUMMARY_LOGGER,
} from "./logs/server-output.js";
export { namespacedName } from "./naming/namespaced-name.js";
export { toolnexusName } from "./naming/toolnexus-name.js";
export { LOAD_OPTION_DEFAULTS, type LoadOptionDefaults } from "./options/load-option-defaults.js";
export type { ElicitationHandler, LoadMcpOptions, NamingOption } from "./options.js";
export { MAX_CATALOG_ITEMS, MAX_CATALOG_TEXT_CHARS, MAX_URI_CHARS } from "./resources/catalog-kinds.js";
export { MAX_TIMER_MS } from "./timer-limit.js";
export { type BackoffInput, backoffDelay } from "./timing/backoff.js";
export { isKnownContentBlock, unsupportedContentText } from "./tools/content-blocks.js";
export type {
  BlobResourceContents,
  ConnectionState,
  ContentBlock,
  DeferLoading,
  EnvEntry,
  JsonSchemaObject,
  McpCallContext,
  McpContentBlock,
  McpProgress,
  McpPrompt,
  McpPromptArgument,
  McpPromptResult,
  McpRequestError,
  McpResource,
  McpResourceContents,
  McpResourceResult,
  McpResourceTemplate,
  McpSource,
  McpStatus,
  McpTool,
  McpToolErrorCode,
  McpToolErrorKind,
  McpToolResult,
  PromptMessage,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
  ServerSnapshot,
  StateInfo,
  StateReason,
  TextResourceContents,
  ToolAnnotations,
  ToolSearchHit,
  ToolSearchOptions,
  ToolsChange,
  UnknownContentBlock,
} from "./types.js";
