/**
 * The core's live tool list seen as toolnexus `Tool`s. Each `McpTool` is converted once, so a tool the
 * core keeps across a refresh or restart keeps its `Tool` object too.
 * @module
 */
import type { McpSource as CoreSource, McpTool } from "@toolnexus/mcp-core";
import {
  createGenerationView,
  createResultTools,
  createToolConverter,
  hostCallContext,
  type ResolvedCallOptions,
  shapedInputSchema,
  type ToolGenerationSource,
} from "@toolnexus/mcp-core/adapter";
import { toolnexusInputSchema } from "./input-schema.js";
import { thrownToToolResult, toToolResult } from "./tool-result.js";
import type { Tool, ToolContext, ToolResult } from "./types.js";

/**
 * Converts one core tool; `execute` passes `signal` and `timeout` (else the load's `timeoutMs`)
 * through, bounds each call by the load's `maxTotalTimeoutMs`, reports progress to the load's
 * `onProgress`, maps `ctx` through the load's `context`, and never rejects.
 */
export function toTool(mcpTool: McpTool, options: ResolvedCallOptions): Tool {
  const { name, server } = mcpTool;
  return {
    name,
    description: mcpTool.description ?? "",
    // Shaped for the provider when the load asked (SPEC §13.5); the call pipeline shapes the arguments back.
    inputSchema: toolnexusInputSchema(shapedInputSchema(mcpTool.inputSchema, options.schemaDialect).schema),
    source: "mcp" as const,
    async execute(args: Record<string, unknown>, ctx?: ToolContext): Promise<ToolResult> {
      try {
        // The `context` option maps the call's `ToolContext` (as the host passed it) into the call.
        const hostCall = { signal: ctx?.signal, timeoutMs: ctx?.timeout, hostContext: ctx ?? {} };
        const call = hostCallContext(mcpTool, options, hostCall);
        const result = "refused" in call ? call.refused : await mcpTool.execute(args ?? {}, call.ctx);
        return toToolResult(result, server);
      } catch (error) {
        return thrownToToolResult(error, server);
      }
    },
  };
}

/** The current tools of `core` as `Tool`s, converted once per core tool, then `codeTools`; a fresh array per call. */
export function createToolView(
  core: ToolGenerationSource & Pick<CoreSource, "hasKeptResults" | "readResult">,
  options: ResolvedCallOptions,
  codeTools: readonly McpTool[] = [],
): () => Tool[] {
  const convert = createToolConverter((mcpTool) => toTool(mcpTool, options));
  const view = createGenerationView(core, convert, (converted) => converted);
  // Code mode's two tools (only with the opted-in `codeMode`), converted once.
  const code = codeTools.map((tool) => toTool(tool, options));
  // `mcp_read_result` once a result was kept (only with the opted-in `resultBudget`).
  let reader: Tool | undefined;
  return () => {
    if (!core.hasKeptResults) return [...view.current(), ...code];
    reader ??= toTool(createResultTools(core)[0], options);
    return [...view.current(), reader, ...code];
  };
}
