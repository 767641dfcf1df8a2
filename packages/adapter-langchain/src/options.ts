/**
 * Options of the LangChain adapter and the one step that resolves them.
 * @module
 */
import {
  type McpToolProgress,
  type ResolvedCallOptions,
  resolveCallOptions,
} from "@toolnexus/mcp-core/adapter";

export type { McpToolProgress };

/**
 * Which call a progress notification belongs to (the second argument of `onProgress`).
 * @deprecated the first argument carries `toolName`, `server` and `toolCallId`
 */
export interface McpProgressInfo {
  /** The model-facing tool name. */
  tool: string;
  /** The LangChain tool call id, when the tool was invoked with a tool call. */
  toolCallId?: string;
}

/** Options of {@link toLangChainTools} and {@link createLangChainToolkit}. Every field is optional. */
export interface McpLangChainOptions {
  /**
   * Milliseconds per tool call, an integer from 1 to 2147483647 (progress notifications reset it).
   * @default the server's `timeout`
   */
  timeoutMs?: number | undefined;
  /**
   * Receives the MCP server's progress notifications for every call of these tools, as
   * `{ progress, total?, message?, toolName, server, toolCallId? }` (the shape every adapter reports).
   * The second argument, `{ tool, toolCallId }`, is kept for existing callers.
   * @default none
   */
  onProgress?: ((progress: McpToolProgress, info: McpProgressInfo) => void) | undefined;
}

/** Options after validation. */
export type ResolvedOptions = ResolvedCallOptions;

/** Validates options field by field; an explicit `undefined` keeps the default. */
export function resolveOptions(options: McpLangChainOptions | undefined): ResolvedOptions {
  const resolved = resolveCallOptions("LangChain adapter", options);
  const listener = resolved.onProgress as McpLangChainOptions["onProgress"];
  if (listener === undefined) return resolved;
  const onProgress = (progress: McpToolProgress) => {
    const { toolName: tool, toolCallId } = progress;
    listener(progress, toolCallId === undefined ? { tool } : { tool, toolCallId });
  };
  return { ...resolved, onProgress };
}
