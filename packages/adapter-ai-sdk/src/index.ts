/**
 * `@toolnexus/adapter-ai-sdk`: the live, self-healing MCP tool set of `@toolnexus/mcp-core` as an
 * AI SDK (`ai` 6 or 7) `ToolSet` — one stable object that follows the servers' tool lists between steps,
 * `isError` results as `tool-error`s, `abortSignal` passed through as MCP cancellation — and the
 * host's model lent to the servers for sampling (`aiSdkSampling`).
 * @module
 */

export type { SchemaDialect } from "@toolnexus/mcp-core";
export type { ApprovalPolicy, McpTenantContext } from "@toolnexus/mcp-core/adapter";
export { type InstructionsPromptOptions, instructionsPrompt } from "@toolnexus/mcp-core/adapter";
export { activeToolsFor } from "./active-tools.js";
export { toAiSdkTool } from "./convert-tool.js";
export type { AiSdkStepInput, AiSdkStepTools } from "./deferred-step.js";
export { type AiSdkSearchOptions, aiSdkEmbedder, embeddingModelName } from "./hybrid-search.js";
export { toAiSdkTools } from "./live-tool-set.js";
export { contentBlockToPart, mcpOutputToModelOutput } from "./model-output.js";
export type {
  AiSdkToolProgress,
  AiSdkToolSearch,
  AiSdkToolsetOptions,
  AiSdkToolsOptions,
} from "./options.js";
export type { AiSdkContentPart, AiSdkToolResultOutput } from "./output-types.js";
export { type McpPromptResultInput, toAiSdkMessages } from "./prompt-messages.js";
export { aiSdkSampling } from "./sampling.js";
export type { AiSdkSamplingOptions, McpSamplingLoadOptions } from "./sampling-options.js";
export { schemaDialectFor } from "./schema-dialect.js";
export { isMcpToolCallError, McpToolCallError } from "./tool-call-error.js";
export type { McpToolOutput } from "./tool-output.js";
export { type AiSdkToolsChangeListener, type AiSdkToolset, createAiSdkToolset } from "./toolset.js";
