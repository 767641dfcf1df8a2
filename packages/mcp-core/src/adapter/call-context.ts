/**
 * The `McpCallContext` of one call made through an adapter's tool.
 * @module
 */
import type { McpCallContext, McpTool } from "../types.js";
import type { ResolvedCallOptions } from "./call-options.js";

/** What the host knows about one call. */
export interface HostCall {
  /** The host's abort signal for this call (the server receives `notifications/cancelled`). */
  signal?: AbortSignal | undefined;
  /** A per-call timeout the host's own contract carries (e.g. toolnexus's `ctx.timeout`); wins over `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** A per-call total bound the host's own contract carries; wins over the adapter's `maxTotalTimeoutMs`. */
  maxTotalTimeoutMs?: number | undefined;
  /** The host's id of the tool call, passed on to progress. */
  toolCallId?: string | undefined;
  /**
   * The host's own per-call context, as the host hands it over (the AI SDK's `experimental_context`,
   * a LangChain `RunnableConfig`, toolnexus's `ToolContext`): the adapter's `context` option maps it
   * (`hostCallContext`, SPEC §23.2).
   */
  hostContext?: unknown;
}

/**
 * The context for `tool.execute`: the call's signal, its timeout (the call's own, else the adapter's
 * `timeoutMs`, else none so the server's applies), its total bound (the call's own, else the
 * adapter's `maxTotalTimeoutMs`, else none) and, when the adapter has `onProgress`, a progress
 * listener that adds `toolName`, `server` and `toolCallId` (when known) to each notification;
 * and the adapter's `schemaDialect` when it shapes schemas.
 */
export function buildCallContext(
  tool: McpTool,
  options: ResolvedCallOptions,
  call?: HostCall,
): McpCallContext {
  const { onProgress } = options;
  const toolCallId = call?.toolCallId;
  // What a host's progress listener receives is public: an unknown call id stays absent.
  const about =
    toolCallId === undefined
      ? { toolName: tool.name, server: tool.server }
      : { toolName: tool.name, server: tool.server, toolCallId };
  const ctx: McpCallContext = {
    signal: call?.signal,
    timeoutMs: call?.timeoutMs ?? options.timeoutMs,
    maxTotalTimeoutMs: call?.maxTotalTimeoutMs ?? options.maxTotalTimeoutMs,
    onProgress: onProgress && ((progress) => onProgress({ ...progress, ...about })),
  };
  // The call pipeline puts a shaped schema's arguments back (SPEC §13.5); as-is adds nothing.
  if (options.schemaDialect !== undefined && options.schemaDialect !== "as-is")
    ctx.schemaDialect = options.schemaDialect;
  return ctx;
}
