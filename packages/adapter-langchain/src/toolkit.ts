/**
 * The live LangChain tool set over an McpSource.
 * @module
 */
import { type ToolCall, ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { type StructuredTool, ToolInputParsingException } from "@langchain/core/tools";
import type { McpSource, McpTool, ToolsChange } from "@toolnexus/mcp-core";
import { invalidInputMessage, unknownToolMessage } from "./invalid-tool-message.js";
import { type McpLangChainOptions, resolveOptions } from "./options.js";
import { createToolConverter } from "./tool-converter.js";

/** The current MCP tools as LangChain tools, following the source's changes. */
export interface LangChainToolkit {
  /** The source the tools come from (its servers, states and lifecycle stay yours to manage). */
  readonly source: McpSource;
  /**
   * The current tools, read at access time. The same frozen array (and the same tool objects)
   * while nothing changed; a tool whose listing did not change keeps its object across changes.
   */
  readonly tools: StructuredTool[];
  /** The current tool with this model-facing name. */
  tool(name: string): StructuredTool | undefined;
  /**
   * Runs a model's tool call on the live tool and always resolves with a `ToolMessage`: a tool
   * that is unknown or was removed, a failed call and input that does not match the schema all
   * give `status: "error"`. Rejects only when `config.signal` aborts the call.
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
 */
export function createLangChainToolkit(source: McpSource, options?: McpLangChainOptions): LangChainToolkit {
  const resolved = resolveOptions(options);
  const subscriptions = new Set<() => void>();
  let generation: readonly McpTool[] | undefined;
  let tools: StructuredTool[] = [];
  let byName = new Map<string, StructuredTool>();
  // Tools that left the set, by name: a model may still call one it was offered, and the core's
  // wrapper then answers with the precise reason ("no longer offered", "server unavailable").
  const retired = new Map<string, StructuredTool>();
  let disposed = false;

  function current(): void {
    const next = source.tools;
    if (next === generation) return;
    const converted = next.map(convert);
    const nextByName = new Map(converted.map((tool) => [tool.name, tool]));
    for (const [name, tool] of byName) if (!nextByName.has(name)) retired.set(name, tool);
    for (const name of nextByName.keys()) retired.delete(name);
    generation = next;
    tools = Object.freeze(converted) as StructuredTool[];
    byName = nextByName;
  }

  const toolkit: LangChainToolkit = {
    source,
    get tools() {
      current();
      return tools;
    },
    tool(name) {
      current();
      return byName.get(name);
    },
    async runToolCall(toolCall, config) {
      current();
      const tool = byName.get(toolCall.name) ?? retired.get(toolCall.name);
      if (tool === undefined) return unknownToolMessage(toolCall, [...byName.keys()]);
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
    onToolsChange(cb) {
      if (disposed) throw new Error("This LangChain toolkit is disposed");
      const unsubscribe = source.onToolsChange(cb);
      subscriptions.add(unsubscribe);
      return () => {
        subscriptions.delete(unsubscribe);
        unsubscribe();
      };
    },
    dispose() {
      disposed = true;
      for (const unsubscribe of subscriptions) unsubscribe();
      subscriptions.clear();
    },
  };
  const convert = createToolConverter(resolved, toolkit);
  // Keep `retired` complete even when nobody reads `tools` between two changes.
  subscriptions.add(source.onToolsChange(current));
  current();
  return toolkit;
}
