/**
 * Options of the LangChain adapter and the one step that resolves them.
 * @module
 */
import { MAX_TIMER_MS, McpCoreError, type McpProgress } from "@toolnexus/mcp-core";

/** Which call a progress notification belongs to. */
export interface McpProgressInfo {
  /** The model-facing tool name. */
  tool: string;
  /** The LangChain tool call id, when the tool was invoked with a tool call. */
  toolCallId?: string;
}

/** Options of {@link toLangChainTools} and {@link createLangChainToolkit}. Every field is optional. */
export interface McpLangChainOptions {
  /** Milliseconds per tool call (progress notifications reset it). @default the server's `timeout` */
  timeoutMs?: number;
  /** Receives the MCP server's progress notifications for every call of these tools. @default none */
  onProgress?: (progress: McpProgress, info: McpProgressInfo) => void;
}

/** Options after validation. */
export interface ResolvedOptions {
  timeoutMs: number | undefined;
  onProgress: McpLangChainOptions["onProgress"];
}

/** Validates options field by field; an explicit `undefined` keeps the default. */
export function resolveOptions(options: McpLangChainOptions | undefined): ResolvedOptions {
  const timeoutMs = options?.timeoutMs ?? undefined;
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      `timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`,
    );
  }
  if (timeoutMs !== undefined && timeoutMs > MAX_TIMER_MS) {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      `timeoutMs must be at most ${MAX_TIMER_MS} (a timer cannot wait longer), got ${timeoutMs}`,
    );
  }
  const onProgress = options?.onProgress ?? undefined;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new McpCoreError("OPTIONS_INVALID", "onProgress must be a function");
  }
  return { timeoutMs, onProgress };
}
