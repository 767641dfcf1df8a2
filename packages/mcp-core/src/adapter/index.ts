/**
 * `@toolnexus/mcp-core/adapter` — **internal**: the mechanics this repository's adapters
 * (`@toolnexus/adapter-langchain`, `@toolnexus/adapter-ai-sdk`, `@toolnexus/adapter-toolnexus`)
 * share, so each keeps only what is its host's. It is not part of the public API and carries no
 * semver promise: anything here may change or go in any release, in step with those adapters (like
 * the AI SDK's `ai/internal`). Applications should import `@toolnexus/mcp-core` instead.
 *
 * What lives here: the generation view with a conversion cache keyed by the core's tool object, the
 * shared call options (`timeoutMs`, `maxTotalTimeoutMs`, `onProgress`, `context`) and call-context
 * building (the host's per-call context mapped into the call, `hostCallContext`),
 * subscription tracking, MCP content as model-readable parts and text, the error-text precedence,
 * the tool metadata keys, the option-error helper, the toolnexus sanitizer an adapter must not
 * copy, what deferred loading and approval need (the meta-tools, the deferred set per step, the
 * approval rule, globs and "did you mean" names), the resource tools (`mcp_list_resources`,
 * `mcp_read_resource`), the reader of results kept over their budget (`mcp_read_result`), prompt results as host-neutral messages, the servers' instructions as a
 * system-prompt section (`instructionsPrompt`, which every adapter re-exports), and the sampling
 * glue of the adapters that lend the host's model (a request's blocks, whether it offers tools,
 * the result built from the answer's blocks, the checks of `model`, `models` and the counts), and
 * what the tool definitions cost in tokens (`definitionTokens`, which the CLI's `inspect` prints).
 * @module
 */

export { generationParts } from "../generation-parts.js";
export { isObject } from "../is-object.js";
export { closestNames } from "../naming/closest-names.js";
export { toolnexusSanitize } from "../naming/toolnexus-name.js";
export { invalidOption } from "../option-error.js";
export { ModelCallBudget, type ModelCallLimits } from "../sampling/model-call-budget.js";
export { isSamplingRefusal, SamplingRefusal } from "../sampling/sampling-refusal.js";
export {
  SAMPLING_FAILED_MESSAGE,
  type SamplingRequest,
  type SamplingResult,
} from "../sampling/sampling-types.js";
export { shapedInputSchema } from "../schema-dialects/shape-schema.js";
export { isDeferring } from "../search/defer-loading.js";
export { globMatcher } from "../tools/glob.js";
export { type ApprovalPolicy, approvalRule, isDestructive, isOpenWorld } from "./approval.js";
export { buildCallContext, type HostCall } from "./call-context.js";
export {
  type AdapterCallOptions,
  type McpHostContextMapper,
  type McpTenantContext,
  type McpToolProgress,
  type McpToolProgressListener,
  type ResolvedCallOptions,
  resolveCallOptions,
} from "./call-options.js";
export { type AdapterCodeModeOptions, codeModeToolsOf, resolveCodeModeOption } from "./code-mode-tools.js";
export {
  type AdapterContentPart,
  contentTextParts,
  DEFAULT_BLOB_MIME_TYPE,
  isTextOnly,
  resourceLinkText,
  toContentPart,
} from "./content-part.js";
export {
  type DeferralRule,
  deferralRule,
  deferredToolNames,
  offeredTools,
  resolveDeferLoading,
  serverDefers,
} from "./deferral.js";
export {
  DEFAULT_TOKEN_ESTIMATE,
  type DefinitionTokenOptions,
  type DefinitionTokenReport,
  definitionTokens,
  modelDefinitionText,
  type ServerDefinitionTokens,
  type TextCut,
} from "./definition-tokens.js";
export { EMPTY_ERROR_TEXT, errorText } from "./error-text.js";
export { type GenerationDelta, type GenerationParts, generationDelta } from "./generation-delta.js";
export {
  type ConvertedDelta,
  createGenerationView,
  type GenerationView,
  type ToolGenerationSource,
} from "./generation-view.js";
export { hostCallContext, mapHostContext } from "./host-context.js";
export {
  buildInstructionsPrompt,
  type InstructionsPromptOptions,
  type InstructionsSource,
  instructionsPrompt,
} from "./instructions.js";
export { type LazyHybridSearch, lazyHybridSearch } from "./lazy-hybrid-search.js";
export {
  createMetaTools,
  LOAD_TOOLS_NAME,
  loadedToolNames,
  MAX_LOAD_NAMES,
  META_SEARCH_DEFAULT_LIMIT,
  META_SEARCH_MAX_LIMIT,
  type MetaLoadResult,
  type MetaSearch,
  type MetaSearchHit,
  SEARCH_TOOLS_NAME,
} from "./meta-tools.js";
export { chooseModel } from "./model-hints.js";
export { type PromptMessageParts, type PromptResultInput, promptMessageParts } from "./prompt-messages.js";
export {
  createResourceTools,
  DEFAULT_RESOURCE_TOOL_MAX_BYTES,
  RESOURCE_LIST_PAGE_SIZE,
  type ResourceToolSource,
  type ResourceToolsOptions,
  resolveResourceToolsOption,
  truncationMarker,
} from "./resource-tools.js";
export { createResultTools, READ_RESULT_TOOL_NAME, type ResultToolSource } from "./result-tools.js";
export {
  offersTools,
  type SamplingAnswerBlock,
  type SamplingBlock,
  type SamplingMessage,
  samplingBlocks,
  samplingResultOf,
} from "./sampling-exchange.js";
export {
  checkSamplingCount,
  MAX_SAMPLING_COUNT,
  type McpSamplingLoadOptions,
  resolveSamplingModels,
  type SamplingModelKind,
} from "./sampling-options.js";
export { createSubscriptions, type Subscriptions } from "./subscriptions.js";
export { createToolConverter, type ToolConverter } from "./tool-converter.js";
export { listedDefinition, type McpToolMetadata, toolMetadata } from "./tool-metadata.js";
export { untilAborted } from "./until-aborted.js";
