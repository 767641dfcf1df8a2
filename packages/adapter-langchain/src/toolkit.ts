/**
 * The live LangChain tool set over an McpSource.
 * @module
 */
import { type ToolCall, ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { type StructuredTool, ToolInputParsingException } from "@langchain/core/tools";
import type { McpSource, ToolsChange } from "@toolnexus/mcp-core";
import { createGenerationView, createSubscriptions } from "@toolnexus/mcp-core/adapter";
import { invalidInputMessage, unknownToolMessage } from "./invalid-tool-message.js";
import { type McpLangChainOptions, resolveOptions } from "./options.js";
import { createLangChainConverter } from "./tool-converter.js";

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
  const subscriptions = createSubscriptions(source, "LangChain toolkit");
  // Tools that left the set, by name: a model may still call one it was offered, and the core's
  // wrapper then answers with the precise reason ("no longer offered", "server unavailable").
  const retired = new Map<string, StructuredTool>();
  let previous = new Map<string, StructuredTool>();
  const view = createGenerationView(
    source,
    (tool) => convert(tool),
    (converted) => {
      const byName = new Map(converted.map((tool) => [tool.name, tool]));
      for (const [name, tool] of previous) if (!byName.has(name)) retired.set(name, tool);
      for (const name of byName.keys()) retired.delete(name);
      previous = byName;
      return { tools: Object.freeze([...converted]) as StructuredTool[], byName };
    },
  );
  const current = () => view.current();

  const toolkit: LangChainToolkit = {
    source,
    get tools() {
      return current().tools;
    },
    tool(name) {
      return current().byName.get(name);
    },
    async runToolCall(toolCall, config) {
      const { byName } = current();
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
    onToolsChange: (cb) => subscriptions.onToolsChange(cb),
    dispose: () => subscriptions.dispose(),
  };
  const convert = createLangChainConverter(resolved, toolkit);
  // Keep `retired` complete even when nobody reads `tools` between two changes.
  subscriptions.track(source.onToolsChange(current));
  current();
  return toolkit;
}
