/**
 * `@toolnexus/adapter-toolnexus`: toolnexus's `loadMcp` (same `Tool`, names, statuses, result mapping
 * and defaults) on top of `@toolnexus/mcp-core`, plus the host-lifecycle ADR's additive M1–M4:
 * `state`/`restart`/`onStateChange`, `refresh`/`onToolsChange`, `autoRestart`, `liveToolList`,
 * per-server `lazy` and `inheritEnv`/`defaultInheritEnv`. All additions are off unless asked for.
 * @module
 */

export type {
  ConnectionState,
  McpDrift,
  ServerSnapshot,
  StateInfo,
  ToolCacheStore,
  ToolsChange,
} from "@toolnexus/mcp-core";
export type { InheritEnv } from "@toolnexus/mcp-core/config";
export type { ToolCacheEntry } from "@toolnexus/mcp-core/stores";
export { answerToElicitResult, elicitationToRequest } from "./elicitation.js";
export { toolnexusInputSchema } from "./input-schema.js";
export { listMcpTools, type McpInventory, type McpToolInfo } from "./list-mcp-tools.js";
export { loadMcp } from "./load-mcp.js";
export type {
  AdapterCodeModeOptions,
  AutoRestartPolicy,
  ListMcpToolsOptions,
  LoadMcpOptions,
  McpTenantContext,
  McpToolProgress,
} from "./options.js";
export { sanitize, toolName } from "./sanitize.js";
export { EMPTY_ERROR_OUTPUT, toToolResult } from "./tool-result.js";
export type {
  Answer,
  JsonSchema,
  McpSource,
  McpStatus,
  Request,
  Tool,
  ToolContext,
  ToolResult,
} from "./types.js";
