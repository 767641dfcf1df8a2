/**
 * The core's live tool list seen as toolnexus `Tool`s. Each `McpTool` is converted once (a WeakMap),
 * so a tool the core keeps across a refresh or restart keeps its `Tool` object too.
 * @module
 */
import type { McpTool } from "@toolnexus/mcp-core";
import { toolnexusInputSchema } from "./input-schema.js";
import { thrownToToolResult, toToolResult } from "./tool-result.js";
import type { Tool, ToolContext, ToolResult } from "./types.js";

/** Converts one core tool; `execute` passes `signal` and `timeout` through and never rejects. */
export function toTool(mcpTool: McpTool): Tool {
  const { name, server } = mcpTool;
  return {
    name,
    description: mcpTool.description ?? "",
    inputSchema: toolnexusInputSchema(mcpTool.inputSchema),
    source: "mcp" as const,
    async execute(args: Record<string, unknown>, ctx?: ToolContext): Promise<ToolResult> {
      try {
        const call: { signal?: AbortSignal; timeout?: number } = {};
        if (ctx?.signal !== undefined) call.signal = ctx.signal;
        if (ctx?.timeout !== undefined) call.timeout = ctx.timeout;
        return toToolResult(await mcpTool.execute(args ?? {}, call), server);
      } catch (error) {
        return thrownToToolResult(error, server);
      }
    },
  };
}

/** A converter with a cache: `view(tools)` maps the core's current list, reusing converted tools. */
export function createToolView(): (tools: readonly McpTool[]) => Tool[] {
  const cache = new WeakMap<McpTool, Tool>();
  const convert = (mcpTool: McpTool): Tool => {
    let tool = cache.get(mcpTool);
    if (tool === undefined) {
      tool = toTool(mcpTool);
      cache.set(mcpTool, tool);
    }
    return tool;
  };
  return (tools) => tools.map(convert);
}
