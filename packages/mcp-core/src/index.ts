/**
 * `@toolnexus/mcp-core`: MCP servers (stdio and Streamable HTTP) as a live, self-healing,
 * framework-agnostic tool set — lifecycle with auto-restart, live tool list, lazy start with a
 * listing cache, least-privilege env and deterministic tool names.
 *
 * The root entry names what an application uses: `loadMcp`, its options, the source, its tools and
 * catalogs, their events and errors, and the store interfaces a load option takes. Every type here
 * is our own (none is the MCP SDK's), so an SDK upgrade does not change it. Rarely used names live
 * on `@toolnexus/mcp-core/config` (parsing, defaults, limits, pure rules) and
 * `@toolnexus/mcp-core/stores` (the file stores and their keys). The names exported from
 * `./deprecated-root.js` moved there: they stay here, deprecated, for one release.
 * @module
 */

export type { StoredAuth, TokenStore } from "./auth/token-store.js";
export type { McpConfigInput } from "./config/mcp-config-input.js";
export {
  type AuthCallback,
  type AuthInput,
  type AuthStoreKeyOptions,
  type AutoRestartOptions,
  authStoreKey,
  type BackoffInput,
  backoffDelay,
  configFingerprint,
  DEFAULT_MAX_CACHE_ENTRY_BYTES,
  DEFAULT_MAX_CACHE_TOOLS,
  DEFAULT_MAX_TOKEN_ENTRY_BYTES,
  DEFAULT_TOKEN_LOCK_STALE_AFTER_MS,
  DEFAULT_TOKEN_LOCK_WAIT_MS,
  defaultAuthDir,
  defaultCacheDir,
  type FileTokenStoreOptions,
  type FileToolCacheOptions,
  fileTokenStore,
  fileToolCache,
  type HeadersInput,
  type HealthCheckOptions,
  type HttpServerConfig,
  type InheritEnv,
  isMcpLogLevel,
  LOAD_OPTION_DEFAULTS,
  type LoadOptionDefaults,
  type LoopbackRedirect,
  type LoopbackRedirectOptions,
  listenForRedirect,
  MAX_CATALOG_ITEMS,
  MAX_CATALOG_TEXT_CHARS,
  MAX_INSTRUCTIONS_CHARS,
  MAX_LOG_DATA_BYTES,
  MAX_LOGGER_CHARS,
  MAX_STDERR_LINE_BYTES,
  MAX_TIMER_MS,
  MAX_URI_CHARS,
  MCP_LOG_LEVELS,
  type McpLocalServerEntry,
  type McpRemoteServerEntry,
  type McpServerEntry,
  type McpServerEntryOptions,
  type McpServerMap,
  type McpServersConfig,
  type McpToolSelection,
  namespacedName,
  type OpencodeMcpConfig,
  OUTPUT_RATE_LIMIT,
  type ParsedConfig,
  PROTOCOL_SETTINGS,
  type ProtocolSetting,
  parseConfig,
  type RedirectResult,
  SERVER_ENTRY_DEFAULTS,
  type ServerConfig,
  type ServerConfigBase,
  type StdioServerConfig,
  SUMMARY_INTERVAL_MS,
  SUMMARY_LOGGER,
  scopedEnv,
  type ToolCacheEntry,
  type ToolCacheListener,
  type ToolFilter,
  type ToolFilterInput,
  toolnexusName,
  type VsCodeServersConfig,
} from "./deprecated-root.js";
export { isMcpCoreError, McpCoreError, type McpCoreErrorCode } from "./errors.js";
export { loadMcp } from "./load-mcp-entry.js";
export type { McpLogLevel } from "./logs/log-level.js";
export type { ServerLogMessage } from "./logs/log-message.js";
export type { ElicitationHandler, LoadMcpOptions, NamingOption } from "./options.js";
export type { Root } from "./roots/root.js";
export type { SamplingHandler } from "./sampling/sampling-types.js";
export type { ToolCacheStore } from "./tool-cache/tool-cache-store.js";
export { isKnownContentBlock, unsupportedContentText } from "./tools/content-block-kinds.js";
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
  McpResumedTask,
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
