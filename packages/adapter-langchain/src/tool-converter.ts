/**
 * LangChain conversion cached per McpTool object: the core keeps a tool's wrapper object while its
 * listing is unchanged, so each generation is converted once, not once per model call.
 * @module
 */
import type { StructuredTool } from "@langchain/core/tools";
import { createToolConverter, type ToolConverter } from "@toolnexus/mcp-core/adapter";
import { createMcpStructuredTool } from "./mcp-structured-tool.js";
import type { ResolvedOptions } from "./options.js";
import { setOwner } from "./tool-owner.js";

/** Converts an McpTool, returning the same StructuredTool for the same McpTool object. */
export type LangChainToolConverter = ToolConverter<StructuredTool>;

/** A converter with its own cache; tools it makes are marked as `owner`'s when one is given. */
export function createLangChainConverter(options: ResolvedOptions, owner?: object): LangChainToolConverter {
  return createToolConverter((tool) => {
    const converted = createMcpStructuredTool(tool, options);
    if (owner !== undefined) setOwner(converted, owner);
    return converted;
  });
}
