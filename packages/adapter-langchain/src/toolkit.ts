/**
 * The live LangChain tool set over an McpSource.
 * @module
 */
import { type BaseMessage, type ToolCall, ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { type StructuredTool, ToolInputParsingException } from "@langchain/core/tools";
import type { McpSource, McpTool, ToolsChange } from "@toolnexus/mcp-core";
import {
  closestNames,
  codeModeToolsOf,
  createGenerationView,
  createResourceTools,
  createResultTools,
  createSubscriptions,
  READ_RESULT_TOOL_NAME,
} from "@toolnexus/mcp-core/adapter";
import { markApprovalPolicy } from "./approval-setting.js";
import { createDeferredOffer } from "./deferred-offer.js";
import { langChainHybridSearch } from "./hybrid-search.js";
import { invalidInputMessage, unknownToolMessage } from "./invalid-tool-message.js";
import { type LangChainToolkitOptions, resolveToolkitOptions } from "./options.js";
import { createLangChainConverter } from "./tool-converter.js";

/** The current MCP tools as LangChain tools, following the source's changes. */
export interface LangChainToolkit {
  /** The source the tools come from (its servers, states and lifecycle stay yours to manage). */
  readonly source: McpSource;
  /**
   * Every current tool, read at access time — deferred ones included (deferral applies through
   * {@link toolsFor} and `mcpToolsMiddleware`). The same frozen array (and the same tool objects)
   * while nothing changed; a tool whose listing did not change keeps its object across changes.
   */
  readonly tools: StructuredTool[];
  /**
   * The current tool with this model-facing name, or the meta-tool `mcp_search_tools` /
   * `mcp_load_tools` (those names are reserved while a tool is deferred; otherwise a server tool
   * of the same name wins).
   */
  tool(name: string): StructuredTool | undefined;
  /**
   * The tools to offer the model for the next step of the conversation held in `messages`. Without
   * deferral (`deferLoading` off, or under its threshold): {@link tools} itself. With it: the tools
   * that are not deferred, the deferred tools this conversation loaded — read from its own
   * `mcp_load_tools` calls, so no state is kept and conversations never share loads — and the two
   * meta-tools. For `bindTools` loops; `mcpToolsMiddleware` does this on every model call.
   */
  toolsFor(messages: Iterable<BaseMessage>): StructuredTool[];
  /**
   * True when the current tool of this name needs a person's approval under the `approval` option
   * (`mcpToolsMiddleware` then interrupts before it runs; a `bindTools` loop asks here before
   * {@link runToolCall}). False for an unknown name and for the meta-tools.
   */
  needsApproval(name: string): boolean;
  /**
   * Runs a model's tool call on the live tool (a meta-tool included) and always resolves with a
   * `ToolMessage`: a tool that is unknown or was removed, a failed call and input that does not
   * match the schema all give `status: "error"`. Rejects only when `config.signal` aborts the
   * call. It does not ask for approval: check {@link needsApproval} first.
   */
  runToolCall(toolCall: ToolCall, config?: RunnableConfig): Promise<ToolMessage>;
  /**
   * Re-emits the source's tool changes (final names). Returns an unsubscribe function.
   * @throws Error after {@link dispose}
   */
  onToolsChange(cb: (server: string, change: ToolsChange) => void): () => void;
  /** Removes every subscription this toolkit made on the source; does not close the source. Idempotent. */
  dispose(): void;
}

/**
 * A toolkit whose `tools` always reflect `source.tools`: tools added by a server's `list_changed`
 * appear, removed ones disappear, and calls survive restarts (they go through the core's wrappers).
 * Each generation is converted once. Bind it to an agent with `mcpToolsMiddleware` from
 * `@toolnexus/adapter-langchain/agent`, or to a chat model with {@link bindCurrentTools}.
 * @throws McpCoreError `OPTIONS_INVALID` for a malformed option, naming it
 */
export function createLangChainToolkit(
  source: McpSource,
  options?: LangChainToolkitOptions,
): LangChainToolkit {
  const resolved = resolveToolkitOptions(options);
  const hybrid = langChainHybridSearch("LangChain adapter", source, options?.search);
  const subscriptions = createSubscriptions(source, "LangChain toolkit");
  // Tools that left the set, by name: a model may still call one it was offered, and the core's
  // wrapper then answers with the precise reason ("no longer offered", "server unavailable").
  const retired = new Map<string, StructuredTool>();
  // The MCP tools by name, kept in step with the generations (only a change's stretch is touched).
  const mcpByName = new Map<string, { tool: McpTool; converted: StructuredTool }>();
  const view = createGenerationView(
    source,
    (tool) => convert(tool),
    (converted, generation, delta) => {
      const removed = delta?.removed ?? [];
      const added = delta?.added ?? generation;
      const addedConverted = (delta?.addedConverted ?? converted) as StructuredTool[];
      // Names are unique within a generation and the tools outside the stretch keep theirs.
      for (const tool of removed) mcpByName.delete(tool.name);
      added.forEach((tool, i) => {
        mcpByName.set(tool.name, { tool, converted: addedConverted[i] as StructuredTool });
      });
      removed.forEach((tool, i) => {
        if (!mcpByName.has(tool.name)) retired.set(tool.name, delta?.removedConverted[i] as StructuredTool);
      });
      for (const tool of added) retired.delete(tool.name);
      const tools = Object.freeze([...converted, ...resourceTools]) as StructuredTool[];
      return { tools, converted: converted as StructuredTool[], generation };
    },
  );
  const current = () => view.current();
  /** The current tool of this name: a resource tool first, as its name is served over an MCP tool's. */
  const served = (name: string): StructuredTool | undefined => {
    current();
    return resourceByName.get(name) ?? mcpByName.get(name)?.converted;
  };
  const lookup = (name: string): StructuredTool | undefined => {
    const tool = served(name);
    const meta = deferral.metaTools.get(name);
    if (meta !== undefined && (tool === undefined || deferral.deferring())) return meta;
    return tool;
  };

  // Without deferral, every name; with it, a few close names and the meta-tools (listing a
  // deferred catalog to the model would undo the deferral).
  const suggestions = (name: string): string[] => {
    const names = [...new Set([...current().generation.map((tool) => tool.name), ...resourceByName.keys()])];
    return deferral.deferring() ? [...closestNames(name, names, 3), ...deferral.metaTools.keys()] : names;
  };

  const toolkit: LangChainToolkit = {
    source,
    get tools() {
      return withReader(current().tools);
    },
    tool: (name) => (name === READ_RESULT_TOOL_NAME && source.hasKeptResults ? reader() : lookup(name)),
    toolsFor(messages) {
      const { tools, converted, generation } = current();
      const offered = deferral.offer(generation, converted, messages);
      return withReader(offered === converted ? tools : [...offered, ...resourceTools]);
    },
    needsApproval(name) {
      current();
      const tool = mcpByName.get(name)?.tool;
      return tool !== undefined && resolved.needsApproval?.(tool) === true;
    },
    async runToolCall(toolCall, config) {
      const tool = toolkit.tool(toolCall.name) ?? retired.get(toolCall.name);
      if (tool === undefined) return unknownToolMessage(toolCall, suggestions(toolCall.name));
      try {
        const output: unknown = await tool.invoke({ ...toolCall, type: "tool_call" }, config);
        if (ToolMessage.isInstance(output)) return output;
        const content = typeof output === "string" ? output : JSON.stringify(output);
        return new ToolMessage({ content, tool_call_id: toolCall.id ?? "", name: toolCall.name });
      } catch (error) {
        if (error instanceof ToolInputParsingException) return invalidInputMessage(toolCall, error);
        throw error;
      }
    },
    onToolsChange: (cb) => subscriptions.onToolsChange(cb),
    dispose: () => {
      subscriptions.dispose();
      hybrid?.close();
    },
  };
  const convert = createLangChainConverter(resolved.call, toolkit);
  const deferral = createDeferredOffer(source, resolved.deferLoading, convert, hybrid?.find);
  // Served after the MCP tools and never deferred: the resource tools, then code mode's.
  const resourceTools = [
    ...(resolved.resourceTools ? createResourceTools(source, resolved.resourceTools) : []),
    ...codeModeToolsOf(source, resolved.codeMode, resolved.needsApproval),
  ].map(convert);
  const resourceByName = new Map(resourceTools.map((tool) => [tool.name, tool]));
  // `mcp_read_result` joins the tools once the source holds a kept result (`hasKeptResults`):
  // before, no preview named a handle and the model's tools stay what they were. Never deferred.
  let readerTool: StructuredTool | undefined;
  const reader = () => {
    readerTool ??= convert(createResultTools(source)[0]);
    return readerTool;
  };
  let plainList: StructuredTool[] | undefined;
  let listWithReader: StructuredTool[] = [];
  const withReader = (list: StructuredTool[]): StructuredTool[] => {
    if (!source.hasKeptResults || list.some((tool) => tool.name === READ_RESULT_TOOL_NAME)) return list;
    // The same array while the list is the same, like `tools` itself.
    if (list !== plainList) {
      plainList = list;
      listWithReader = Object.freeze([...list, reader()]) as StructuredTool[];
    }
    return listWithReader;
  };
  if (resolved.needsApproval !== undefined) markApprovalPolicy(toolkit);
  // Keep `retired` complete even when nobody reads `tools` between two changes.
  subscriptions.track(source.onToolsChange(current));
  current();
  return toolkit;
}
