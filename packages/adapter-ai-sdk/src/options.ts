/**
 * Options of `toAiSdkTools` / `createAiSdkToolset` and the one step that resolves them.
 * @module
 */
import {
  invalidOption,
  type McpToolProgress,
  type ResolvedCallOptions,
  resolveCallOptions,
} from "@toolnexus/mcp-core/adapter";
import type { ToolSet } from "ai";

/**
 * Progress of a running MCP call, with the call it belongs to: the shape every adapter reports
 * (`McpToolProgress`), where the AI SDK always knows the call's id.
 */
export interface AiSdkToolProgress extends McpToolProgress {
  /** The AI SDK's id of the tool call. */
  toolCallId: string;
}

/** Options of `toAiSdkTools` and `createAiSdkToolset`. Every field is optional. */
export interface AiSdkToolsOptions {
  /**
   * Milliseconds per MCP call, an integer from 1 to 2147483647; progress notifications reset it.
   * @default the server's `timeout` from the config (30 000)
   */
  timeoutMs?: number | undefined;
  /**
   * The old name of `timeoutMs`, still accepted; `timeoutMs` wins, and giving both with different
   * values throws.
   * @deprecated use `timeoutMs` (the name every adapter uses)
   */
  timeout?: number | undefined;
  /**
   * Receives progress notifications of running calls. Setting it makes every call request progress.
   * @default none
   */
  onProgress?: ((progress: AiSdkToolProgress) => void) | undefined;
  /**
   * Your own AI SDK tools, served next to the MCP tools from the same live object (keys first, and
   * they win on a name clash). Spreading the live `ToolSet` into a new object would freeze it, so
   * combine here instead. Its entries are copied once, when the `ToolSet` is created.
   * @default {}
   */
  extraTools?: ToolSet | undefined;
}

/** Options after validation. */
export interface ResolvedAiSdkToolsOptions extends ResolvedCallOptions {
  extraTools: ToolSet;
}

/** The name option errors start with. */
const ENTRY = "AI SDK adapter";

/** Validates the options field by field; an explicit `undefined` keeps the default. */
export function resolveOptions(options: AiSdkToolsOptions | undefined): ResolvedAiSdkToolsOptions {
  const shared = resolveCallOptions(ENTRY, options, { timeoutAlias: true });
  const extraTools = options?.extraTools ?? {};
  if (typeof extraTools !== "object" || extraTools === null || Array.isArray(extraTools)) {
    invalidOption(ENTRY, "extraTools", "an object of AI SDK tools", extraTools);
  }
  return { ...shared, extraTools };
}
