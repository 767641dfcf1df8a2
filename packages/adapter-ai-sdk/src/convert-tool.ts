/**
 * One MCP tool as an AI SDK `dynamicTool`, and a per-tool cache of conversions.
 * @module
 */
import type { McpTool } from "@toolnexus/mcp-core";
import {
  createToolConverter,
  hostCallContext,
  shapedInputSchema,
  type ToolConverter,
  toolMetadata,
} from "@toolnexus/mcp-core/adapter";
import { dynamicTool, type Tool } from "ai";
import { toInputSchema } from "./input-schema.js";
import { mcpOutputToModelOutput } from "./model-output.js";
import { type AiSdkToolsOptions, type ResolvedAiSdkToolsOptions, resolveOptions } from "./options.js";
import { McpToolCallError } from "./tool-call-error.js";
import { toToolArgs } from "./tool-input.js";
import { type McpToolOutput, toToolOutput } from "./tool-output.js";

/** How one conversion differs from the plain one. */
export interface ConversionVariant {
  /** Mark the tool for Anthropic's native tool search (`providerOptions.anthropic.deferLoading`). */
  anthropicDeferred?: boolean;
}

function convert(
  tool: McpTool,
  options: ResolvedAiSdkToolsOptions,
  variant: ConversionVariant = {},
): Tool<unknown, unknown> {
  return dynamicTool({
    // The AI SDK's types take no explicit undefined: an empty description and no title stay absent.
    ...(tool.description ? { description: tool.description } : {}),
    ...(tool.title === undefined ? {} : { title: tool.title }),
    metadata: toolMetadata(tool),
    // Shaped for the provider when the host asked (SPEC §13.5); the call pipeline shapes the arguments back.
    inputSchema: toInputSchema(shapedInputSchema(tool.inputSchema, options.schemaDialect).schema),
    // A static verdict from the tool's annotations: the AI SDK then stops before `execute`.
    ...(options.needsApproval?.(tool) === true ? { needsApproval: true } : {}),
    ...(variant.anthropicDeferred === true ? { providerOptions: { anthropic: { deferLoading: true } } } : {}),
    async execute(input, execution): Promise<McpToolOutput> {
      const { abortSignal, toolCallId } = execution;
      // The `context` option maps the AI SDK's per-call context into the call: ai 6's
      // `experimental_context` (generateText's, per run), ai 7's `context` (its `toolsContext[name]`).
      const perCall = execution as { context?: unknown; experimental_context?: unknown };
      const hostContext = perCall.context ?? perCall.experimental_context;
      const hostCall = { signal: abortSignal, toolCallId, hostContext };
      const call = hostCallContext(tool, options, hostCall);
      const args = toToolArgs(input, tool.name);
      const result = "refused" in call ? call.refused : await tool.execute(args, call.ctx);
      if (result.isError) {
        const cause = result.error?.kind === "aborted" ? abortSignal?.reason : undefined;
        throw new McpToolCallError(tool, result, { cause });
      }
      return toToolOutput(result);
    },
    toModelOutput: ({ output }) => mcpOutputToModelOutput(output),
  });
}

/**
 * Converts one MCP tool (a snapshot: no cache, no link to the source's later generations).
 * `execute` passes `abortSignal` to the core, so the server receives `notifications/cancelled`;
 * an `isError` or failed call throws `McpToolCallError`, which the AI SDK records as a
 * `tool-error` the model sees. The tool's `metadata` is `{ mcpServer, mcpRawName }`; with the
 * `approval` option, a tool the policy matches gets `needsApproval: true`.
 */
export function toAiSdkTool(tool: McpTool, options?: AiSdkToolsOptions): Tool<unknown, unknown> {
  return convert(tool, resolveOptions(options));
}

/**
 * A converter that remembers the conversion of each `McpTool` object. The core keeps a tool's
 * object while its listing is unchanged, so a generation is converted once, not once per step.
 */
export function createAiSdkToolConverter(
  options: ResolvedAiSdkToolsOptions,
  variant?: ConversionVariant,
): ToolConverter<Tool<unknown, unknown>> {
  return createToolConverter((tool) => convert(tool, options, variant));
}
