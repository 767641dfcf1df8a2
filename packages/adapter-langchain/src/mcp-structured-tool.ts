/**
 * One MCP tool as a LangChain `DynamicStructuredTool` whose calls go through the core's wrapper.
 * @module
 */
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import type { RunnableConfig } from "@langchain/core/runnables";
import { DynamicStructuredTool, type StructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import type { JSONSchema } from "@langchain/core/utils/json_schema";
import type { McpTool } from "@toolnexus/mcp-core";
import { errorText, hostCallContext, shapedInputSchema, toolMetadata } from "@toolnexus/mcp-core/adapter";
import type { ResolvedOptions } from "./options.js";
import { refsResolveLocally } from "./schema-refs.js";
import { toToolOutput } from "./tool-output.js";

/**
 * For a schema whose `$ref`s LangChain's validator cannot resolve: skips LangChain's local input
 * check (the server still validates) while `schema` stays the server's schema for the model.
 * `StructuredTool.call` reads `schema` synchronously before its first `await`, so swapping it for
 * that synchronous stretch affects nothing else; a test pins this behaviour.
 */
class ServerValidatedTool extends DynamicStructuredTool {
  override call(
    ...args: Parameters<DynamicStructuredTool["call"]>
  ): ReturnType<DynamicStructuredTool["call"]> {
    const schema = this.schema;
    // A fresh empty schema validates anything (the validator annotates it, so it is not shared).
    this.schema = {} as JSONSchema;
    try {
      return super.call(...args);
    } finally {
      this.schema = schema;
    }
  }
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  return new Error(typeof reason === "string" ? reason : "Aborted");
}

/** Runs one call through the McpTool wrapper, which finds the server's live session at call time. */
async function runMcpTool(
  tool: McpTool,
  input: Record<string, unknown>,
  config: ToolRunnableConfig | undefined,
  options: ResolvedOptions,
) {
  // `invoke` puts the tool call in the config; ToolNode also passes its id as `toolCallId`.
  const toolCall = config?.toolCall;
  const passedId = (config as { toolCallId?: unknown } | undefined)?.toolCallId;
  const toolCallId = toolCall ? (toolCall.id ?? "") : typeof passedId === "string" ? passedId : undefined;
  const signal = config?.signal;
  // The `context` option maps the run's config (its `configurable`, `metadata`, …) into the call.
  const call = hostCallContext(tool, options, { signal, toolCallId, hostContext: config ?? {} });
  const result = "refused" in call ? call.refused : await tool.execute(input, call.ctx);
  if (result.error?.kind === "aborted" && signal?.aborted) throw abortError(signal);
  // Without a tool call there is no ToolMessage to carry the failure: reject like any LangChain tool.
  if (result.isError && toolCallId === undefined) throw new Error(errorText(result), { cause: result });
  return toToolOutput(result, { name: tool.name, toolCallId: toolCallId ?? "" });
}

/**
 * Converts one MCP tool. The schema is a deep copy of the server's JSON Schema, unchanged unless the
 * `schemaDialect` option shapes it (LangChain
 * 1.x sends it to the model as given and validates input against it; its validator annotates the
 * schema objects it sees, so it gets a copy rather than the core's, possibly frozen, object).
 * Results use `responseFormat: "content_and_artifact"` with the core's result as the artifact.
 */
export function createMcpStructuredTool(tool: McpTool, options: ResolvedOptions): StructuredTool {
  // Shaped for the provider when the host asked (SPEC §13.5); the call pipeline shapes the arguments back.
  const schema = structuredClone(
    shapedInputSchema(tool.inputSchema, options.schemaDialect).schema,
  ) as JSONSchema;
  const Tool = refsResolveLocally(schema) ? DynamicStructuredTool : ServerValidatedTool;
  return new Tool({
    name: tool.name,
    description: tool.description || tool.title || "",
    schema,
    responseFormat: "content_and_artifact",
    metadata: toolMetadata(tool),
    func: (
      input: Record<string, unknown>,
      _runManager?: CallbackManagerForToolRun,
      config?: RunnableConfig,
    ) => runMcpTool(tool, input, config as ToolRunnableConfig | undefined, options),
  });
}
