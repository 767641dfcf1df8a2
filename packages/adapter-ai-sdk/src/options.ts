/**
 * Options of `toAiSdkTools` / `createAiSdkToolset` and the one step that resolves them.
 * @module
 */
import { MAX_TIMER_MS, McpCoreError } from "@toolnexus/mcp-core";
import type { ToolSet } from "ai";

/** Progress of a running MCP call, with the call it belongs to. */
export interface AiSdkToolProgress {
  /** The model-facing tool name (the `ToolSet` key). */
  toolName: string;
  /** The MCP server that runs the tool. */
  server: string;
  /** The AI SDK's id of the tool call. */
  toolCallId: string;
  progress: number;
  total?: number;
  message?: string;
}

/** Options of `toAiSdkTools` and `createAiSdkToolset`. Every field is optional. */
export interface AiSdkToolsOptions {
  /**
   * Milliseconds per MCP call; progress notifications reset it.
   * @default the server's `timeout` from the config (30 000)
   */
  timeout?: number;
  /**
   * Receives progress notifications of running calls. Setting it makes every call request progress.
   * @default none
   */
  onProgress?: (progress: AiSdkToolProgress) => void;
  /**
   * Your own AI SDK tools, served next to the MCP tools from the same live object (keys first, and
   * they win on a name clash). Spreading the live `ToolSet` into a new object would freeze it, so
   * combine here instead. Its entries are copied once, when the `ToolSet` is created.
   * @default {}
   */
  extraTools?: ToolSet;
}

/** Options after validation. */
export interface ResolvedAiSdkToolsOptions {
  timeout: number | undefined;
  onProgress: ((progress: AiSdkToolProgress) => void) | undefined;
  extraTools: ToolSet;
}

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveOptions(options: AiSdkToolsOptions | undefined): ResolvedAiSdkToolsOptions {
  const timeout = options?.timeout;
  if (timeout !== undefined && (typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < 1)) {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      `AI SDK adapter option "timeout": expected an integer ≥ 1, got ${String(timeout)}`,
    );
  }
  if (timeout !== undefined && timeout > MAX_TIMER_MS) {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      `AI SDK adapter option "timeout": expected at most ${MAX_TIMER_MS} ms, got ${timeout}`,
    );
  }
  const onProgress = options?.onProgress;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      `AI SDK adapter option "onProgress": expected a function, got ${typeof onProgress}`,
    );
  }
  const extraTools = options?.extraTools ?? {};
  if (typeof extraTools !== "object" || extraTools === null || Array.isArray(extraTools)) {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      'AI SDK adapter option "extraTools": expected an object of AI SDK tools',
    );
  }
  return { timeout, onProgress, extraTools };
}
