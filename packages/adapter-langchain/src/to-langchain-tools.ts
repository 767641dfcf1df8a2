/**
 * The current MCP tools as LangChain tools, in one call.
 * @module
 */
import type { StructuredTool } from "@langchain/core/tools";
import type { McpSource, McpTool } from "@toolnexus/mcp-core";
import { createResultTools } from "@toolnexus/mcp-core/adapter";
import { type McpLangChainOptions, resolveOptions } from "./options.js";
import { createLangChainConverter, type LangChainToolConverter } from "./tool-converter.js";

const DEFAULT_OPTIONS: McpLangChainOptions = Object.freeze({});
const converters = new WeakMap<McpLangChainOptions, LangChainToolConverter>();

/**
 * The source's current tools as LangChain `StructuredTool`s: final (model-facing) names, the
 * server's description, its JSON Schema as given, results as `content_and_artifact` and failures
 * as `status: "error"` tool messages. Each call goes through the core's tool wrapper at call time,
 * so a tool keeps working across server restarts.
 *
 * Conversions are cached per McpTool object (and per options object): calling this again while
 * nothing changed returns the same StructuredTool objects. For a set that follows changes, use
 * {@link createLangChainToolkit}.
 *
 * @param source an `McpSource`, or anything with a `tools` list of McpTools (e.g. a filtered one)
 */
export function toLangChainTools(
  source: { readonly tools: readonly McpTool[] },
  options?: McpLangChainOptions,
): StructuredTool[] {
  const key = options ?? DEFAULT_OPTIONS;
  let convert = converters.get(key);
  if (convert === undefined) {
    convert = createLangChainConverter(resolveOptions(options));
    converters.set(key, convert);
  }
  const tools = source.tools.map(convert);
  // A source that holds a kept result (the core's result budget) also gets its reader.
  const full = source as Partial<Pick<McpSource, "hasKeptResults" | "readResult">>;
  if (full.hasKeptResults === true && full.readResult !== undefined) {
    tools.push(convert(createResultTools(full as Pick<McpSource, "readResult">)[0]));
  }
  return tools;
}
