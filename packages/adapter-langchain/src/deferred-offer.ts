/**
 * Which tools one step of one conversation is offered when tools are deferred behind the search.
 * @module
 */
import type { StructuredTool } from "@langchain/core/tools";
import type { DeferLoading, McpSource, McpTool } from "@toolnexus/mcp-core";
import {
  createMetaTools,
  deferredToolNames,
  loadedToolNames,
  type MetaSearch,
  offeredTools,
  type ToolConverter,
} from "@toolnexus/mcp-core/adapter";

/** One tool call as the adapter kit reads it. */
interface KitToolCall {
  toolName: string;
  input: unknown;
}

/**
 * The tool calls in a list of messages: those of every message with a `tool_calls` list (an
 * `AIMessage`, an `AIMessageChunk`, or the plain object of one). Anything else is skipped, so a
 * malformed message cannot throw here.
 */
export function* toolCallsIn(messages: Iterable<unknown>): Generator<KitToolCall> {
  for (const message of messages) {
    const calls = (message as { tool_calls?: unknown } | null | undefined)?.tool_calls;
    if (!Array.isArray(calls)) continue;
    for (const call of calls) {
      const { name, args } = (call ?? {}) as { name?: unknown; args?: unknown };
      if (typeof name === "string") yield { toolName: name, input: args };
    }
  }
}

/** A toolkit's deferred loading: the meta-tools and the offer per step. */
export interface DeferredOffer {
  /** The converted `mcp_search_tools` and `mcp_load_tools`, by name. */
  readonly metaTools: ReadonlyMap<string, StructuredTool>;
  /** True when at least one current tool is deferred (then the meta-tools are offered). */
  deferring(): boolean;
  /**
   * The tools to offer for a conversation: `all` when nothing is deferred; else the tools that are
   * not deferred, the deferred ones the conversation's `mcp_load_tools` calls named, and the two
   * meta-tools (a server tool bearing a meta-tool's name is not offered: the names are reserved).
   * Keeps no state: the loaded set is read from `messages` every time.
   * @param generation the source's current tools, parallel to `all`
   */
  offer(generation: readonly McpTool[], all: StructuredTool[], messages: Iterable<unknown>): StructuredTool[];
}

/**
 * @param option the toolkit's `deferLoading`; `undefined` follows the source's
 * @param convert the toolkit's cached converter (so the meta-tools are the toolkit's own tools)
 * @param find ranks `mcp_search_tools` (the `search` option's hybrid search); default `searchTools`
 */
export function createDeferredOffer(
  source: McpSource,
  option: DeferLoading | undefined,
  convert: ToolConverter<StructuredTool>,
  find?: MetaSearch,
): DeferredOffer {
  const metaTools = new Map(createMetaTools(source, find).map((tool) => [tool.name, convert(tool)] as const));
  return {
    metaTools,
    deferring: () => deferredToolNames(source, option).size > 0,
    offer(generation, all, messages) {
      const deferred = deferredToolNames(source, option);
      if (deferred.size === 0) return all;
      const loaded = loadedToolNames(toolCallsIn(messages));
      const offered = offeredTools(generation, deferred, loaded)
        .filter((tool) => !metaTools.has(tool.name))
        .map(convert);
      return [...offered, ...metaTools.values()];
    },
  };
}
