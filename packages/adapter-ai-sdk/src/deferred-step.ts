/**
 * The toolset's `prepareStep`: which tools a step offers while tools are deferred.
 * @module
 */
import type { DeferLoading, McpSource } from "@toolnexus/mcp-core";
import {
  deferredToolNames,
  loadedToolNames,
  offeredTools,
  READ_RESULT_TOOL_NAME,
} from "@toolnexus/mcp-core/adapter";
import type { ModelMessage, ToolSet } from "ai";

/** What the toolset's `prepareStep` reads of a step: the messages the model is about to receive. */
export interface AiSdkStepInput {
  /** The step's messages (the AI SDK's `prepareStep` passes the prompt plus the run's responses). */
  messages: ModelMessage[];
}

/** What the toolset's `prepareStep` returns: the step's `activeTools`, absent to offer every tool. */
export interface AiSdkStepTools {
  activeTools?: string[];
}

/** The conversation's tool calls, as the assistant made them (`tool-call` parts). */
function* toolCallsIn(messages: readonly ModelMessage[]): Generator<{ toolName: string; input: unknown }> {
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) if (part.type === "tool-call") yield part;
  }
}

/**
 * A `prepareStep` over the live `tools`. With nothing deferred on this step it offers every tool but
 * the meta-tools (`{}` when the set holds none). Otherwise it offers the extra tools, the meta-tools,
 * the MCP tools not deferred and the deferred ones this conversation loaded — read from the step's
 * own messages, so it keeps no state: concurrent runs over one toolset never share loads, and a
 * conversation resumed from its messages keeps its own.
 * @param option the toolset's `deferLoading` (`undefined`: the source's)
 * @param metaNames the meta-tools' names when `tools` serves them, else none
 */
export function createDeferredStep(
  source: McpSource,
  tools: ToolSet,
  option: DeferLoading | undefined,
  extraNames: readonly string[],
  metaNames: readonly string[],
): (step: AiSdkStepInput) => AiSdkStepTools {
  const meta = new Set(metaNames);
  return ({ messages }) => {
    if (meta.size === 0) return {};
    const deferred = deferredToolNames(source, option);
    if (deferred.size === 0) return { activeTools: Object.keys(tools).filter((name) => !meta.has(name)) };
    const loaded = loadedToolNames(toolCallsIn(messages));
    const names = offeredTools(source.tools, deferred, loaded).map((tool) => tool.name);
    // The reader of kept results is never deferred: a preview's handle is read at once.
    const reader = source.hasKeptResults === true ? [READ_RESULT_TOOL_NAME] : [];
    return { activeTools: [...new Set([...extraNames, ...reader, ...metaNames, ...names])] };
  };
}
