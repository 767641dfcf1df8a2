/**
 * `@toolnexus/mcp-core`: MCP servers (stdio and Streamable HTTP) as a live, self-healing,
 * framework-agnostic tool set — lifecycle with auto-restart, live tool list, lazy start with a
 * listing cache, least-privilege env and deterministic tool names.
 *
 * The root entry names what an application uses: `loadMcp`, its options, the source, its tools and
 * catalogs, their events and errors, and the store interfaces a load option takes. Every type here
 * is our own (none is the MCP SDK's), so an SDK upgrade does not change it. Rarely used names live
 * on `@toolnexus/mcp-core/config` (parsing, defaults, limits, pure rules) and
 * `@toolnexus/mcp-core/stores` (the file stores and their keys). The root exports exactly the
 * names the README's "Entries" table lists (test/package-surfaces.test.ts).
 * @module
 */

export type { StoredAuth, TokenStore } from "./auth/token-store.js";
export type { McpConfigInput } from "./config/mcp-config-input.js";
export { isMcpCoreError, McpCoreError, type McpCoreErrorCode } from "./errors.js";
export { loadMcp } from "./load-mcp-entry.js";
export type { McpLogLevel } from "./logs/log-level.js";
export type { ServerLogMessage } from "./logs/log-message.js";
export type { ElicitationHandler, LoadMcpOptions, McpAppsOptions, NamingOption } from "./options.js";
export type { ReadResultOptions } from "./results/kept-results.js";
export type { ResultBudgetOptions } from "./results/result-budget-options.js";
export type { ResultStore } from "./results/result-store.js";
export type { TokenCounter } from "./results/token-estimate.js";
export type { Root } from "./roots/root.js";
export type { SamplingHandler } from "./sampling/sampling-types.js";
export type { ToolCacheStore } from "./tool-cache/tool-cache-store.js";
export { isKnownContentBlock, unsupportedContentText } from "./tools/content-block-kinds.js";
export { APP_MIME_TYPE, APPS_EXTENSION_ID } from "./tools/tool-visibility.js";
export type {
  BlobResourceContents,
  ConnectionState,
  ContentBlock,
  DeferLoading,
  EnvEntry,
  JsonSchemaObject,
  McpAppBridge,
  McpAppBridgeOptions,
  McpAppCsp,
  McpAppErrorCode,
  McpAppFailure,
  McpAppPermissions,
  McpAppToolInfo,
  McpAppView,
  McpCallContext,
  McpContentBlock,
  McpDrift,
  McpProgress,
  McpPrompt,
  McpPromptArgument,
  McpPromptResult,
  McpRequestError,
  McpResource,
  McpResourceContents,
  McpResourceResult,
  McpResourceTemplate,
  McpResultPreview,
  McpResumedTask,
  McpServerApps,
  McpSource,
  McpStatus,
  McpTool,
  McpToolApp,
  McpToolErrorCode,
  McpToolErrorKind,
  McpToolResult,
  PromptMessage,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
  SchemaDialect,
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
