/**
 * Conversion cached per McpTool object: the core keeps a tool's wrapper object while its listing
 * is unchanged, so each generation is converted once, not once per model call.
 * @module
 */
import type { StructuredTool } from "@langchain/core/tools";
import type { McpTool } from "@toolnexus/mcp-core";
import { createMcpStructuredTool } from "./mcp-structured-tool.js";
import type { ResolvedOptions } from "./options.js";
import { setOwner } from "./tool-owner.js";

/** Converts an McpTool, returning the same StructuredTool for the same McpTool object. */
export type ToolConverter = (tool: McpTool) => StructuredTool;

/** A converter with its own cache; tools it makes are marked as `owner`'s when one is given. */
export function createToolConverter(options: ResolvedOptions, owner?: object): ToolConverter {
  const cache = new WeakMap<McpTool, StructuredTool>();
  return (tool) => {
    let converted = cache.get(tool);
    if (converted === undefined) {
      converted = createMcpStructuredTool(tool, options);
      cache.set(tool, converted);
      if (owner !== undefined) setOwner(converted, owner);
    }
    return converted;
  };
}
