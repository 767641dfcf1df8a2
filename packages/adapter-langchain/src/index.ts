/**
 * `@toolnexus/adapter-langchain`: the live MCP tool set of `@toolnexus/mcp-core` as LangChain.js
 * tools — converted once per generation, calls that survive server restarts, MCP errors as
 * `status: "error"` tool messages, and rebinding helpers — and the host's chat model lent to the
 * servers for sampling (`langChainSampling`). The `createAgent` middleware lives in
 * `@toolnexus/adapter-langchain/agent` (it needs the optional `langchain` peer).
 * @module
 */

export { type InstructionsPromptOptions, instructionsPrompt } from "@toolnexus/mcp-core/adapter";
export { type BindToolsOptions, bindCurrentTools } from "./bind-current-tools.js";
export { type LangChainSearchOptions, langChainEmbedder } from "./hybrid-search.js";
export type {
  ApprovalPolicy,
  LangChainToolkitOptions,
  McpLangChainOptions,
  McpTenantContext,
  McpToolProgress,
} from "./options.js";
export { type McpPromptResultInput, toLangChainMessages } from "./prompt-messages.js";
export { langChainSampling } from "./sampling.js";
export type {
  LangChainSamplingOptions,
  McpSamplingLoadOptions,
  SamplingCallLimits,
} from "./sampling-options.js";
export { toLangChainTools } from "./to-langchain-tools.js";
export type { McpToolArtifact } from "./tool-output.js";
export { createLangChainToolkit, type LangChainToolkit } from "./toolkit.js";
