/**
 * Names that moved from the root entry to `@toolnexus/mcp-core/stores` and
 * `@toolnexus/mcp-core/config`, still on the root for one release so nothing built on 0.1.0 breaks.
 * Each is the same value or type; import it from its new entry. They leave the root in the next
 * release.
 * @module
 */
import * as config from "./config-entry.js";
import * as stores from "./stores.js";

/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type AuthStoreKeyOptions = stores.AuthStoreKeyOptions;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const authStoreKey = stores.authStoreKey;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const DEFAULT_MAX_TOKEN_ENTRY_BYTES = stores.DEFAULT_MAX_TOKEN_ENTRY_BYTES;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const DEFAULT_TOKEN_LOCK_STALE_AFTER_MS = stores.DEFAULT_TOKEN_LOCK_STALE_AFTER_MS;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const DEFAULT_TOKEN_LOCK_WAIT_MS = stores.DEFAULT_TOKEN_LOCK_WAIT_MS;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const defaultAuthDir = stores.defaultAuthDir;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type FileTokenStoreOptions = stores.FileTokenStoreOptions;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const fileTokenStore = stores.fileTokenStore;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type LoopbackRedirect = stores.LoopbackRedirect;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type LoopbackRedirectOptions = stores.LoopbackRedirectOptions;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const listenForRedirect = stores.listenForRedirect;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type RedirectResult = stores.RedirectResult;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const DEFAULT_MAX_CACHE_ENTRY_BYTES = stores.DEFAULT_MAX_CACHE_ENTRY_BYTES;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const DEFAULT_MAX_CACHE_TOOLS = stores.DEFAULT_MAX_CACHE_TOOLS;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const defaultCacheDir = stores.defaultCacheDir;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type FileToolCacheOptions = stores.FileToolCacheOptions;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const fileToolCache = stores.fileToolCache;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export const configFingerprint = stores.configFingerprint;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type ToolCacheEntry = stores.ToolCacheEntry;
/** @deprecated import it from "@toolnexus/mcp-core/stores"; it leaves the root entry in the next release. */
export type ToolCacheListener = stores.ToolCacheListener;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type AuthCallback = config.AuthCallback;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpLocalServerEntry = config.McpLocalServerEntry;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpRemoteServerEntry = config.McpRemoteServerEntry;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpServerEntry = config.McpServerEntry;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpServerEntryOptions = config.McpServerEntryOptions;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpServerMap = config.McpServerMap;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpServersConfig = config.McpServersConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type McpToolSelection = config.McpToolSelection;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type OpencodeMcpConfig = config.OpencodeMcpConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type VsCodeServersConfig = config.VsCodeServersConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const parseConfig = config.parseConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const PROTOCOL_SETTINGS = config.PROTOCOL_SETTINGS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type ProtocolSetting = config.ProtocolSetting;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type AuthInput = config.AuthInput;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type AutoRestartOptions = config.AutoRestartOptions;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type HeadersInput = config.HeadersInput;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type HealthCheckOptions = config.HealthCheckOptions;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type HttpServerConfig = config.HttpServerConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type InheritEnv = config.InheritEnv;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type ParsedConfig = config.ParsedConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type ServerConfig = config.ServerConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type ServerConfigBase = config.ServerConfigBase;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type StdioServerConfig = config.StdioServerConfig;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type ToolFilter = config.ToolFilter;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type ToolFilterInput = config.ToolFilterInput;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const SERVER_ENTRY_DEFAULTS = config.SERVER_ENTRY_DEFAULTS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const scopedEnv = config.scopedEnv;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type BackoffInput = config.BackoffInput;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const backoffDelay = config.backoffDelay;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const isMcpLogLevel = config.isMcpLogLevel;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MCP_LOG_LEVELS = config.MCP_LOG_LEVELS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_LOG_DATA_BYTES = config.MAX_LOG_DATA_BYTES;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_LOGGER_CHARS = config.MAX_LOGGER_CHARS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_INSTRUCTIONS_CHARS = config.MAX_INSTRUCTIONS_CHARS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_STDERR_LINE_BYTES = config.MAX_STDERR_LINE_BYTES;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const OUTPUT_RATE_LIMIT = config.OUTPUT_RATE_LIMIT;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const SUMMARY_INTERVAL_MS = config.SUMMARY_INTERVAL_MS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const SUMMARY_LOGGER = config.SUMMARY_LOGGER;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const namespacedName = config.namespacedName;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const toolnexusName = config.toolnexusName;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const LOAD_OPTION_DEFAULTS = config.LOAD_OPTION_DEFAULTS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export type LoadOptionDefaults = config.LoadOptionDefaults;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_CATALOG_ITEMS = config.MAX_CATALOG_ITEMS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_CATALOG_TEXT_CHARS = config.MAX_CATALOG_TEXT_CHARS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_URI_CHARS = config.MAX_URI_CHARS;
/** @deprecated import it from "@toolnexus/mcp-core/config"; it leaves the root entry in the next release. */
export const MAX_TIMER_MS = config.MAX_TIMER_MS;
