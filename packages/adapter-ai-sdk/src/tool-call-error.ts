/**
 * The error a converted tool throws for a failed MCP call, so the AI SDK records a `tool-error`.
 * @module
 */
import type { McpTool, McpToolErrorKind, McpToolResult } from "@toolnexus/mcp-core";
import { errorText } from "@toolnexus/mcp-core/adapter";

const MARKER = Symbol.for("@toolnexus/adapter-ai-sdk.tool-call-error");

/**
 * A failed MCP call: the server's `isError` result (`kind: "tool"`) or a core failure
 * (`unavailable`, `timeout`, `aborted`, `protocol`). The message is the error text every adapter
 * shows (the core's description for a core failure, the server's own text for `tool`) — the AI SDK
 * sends it to the model as `error-text`.
 */
export class McpToolCallError extends Error {
  /** Why the call failed. */
  readonly kind: McpToolErrorKind;
  /** The model-facing tool name. */
  readonly toolName: string;
  /** The MCP server that ran (or should have run) the call. */
  readonly server: string;
  /** The full MCP result, content blocks included. */
  readonly result: McpToolResult;
  readonly [MARKER] = true;

  constructor(tool: Pick<McpTool, "name" | "server">, result: McpToolResult, options?: { cause?: unknown }) {
    super(errorText(result), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "McpToolCallError";
    this.kind = result.error?.kind ?? "tool";
    this.toolName = tool.name;
    this.server = tool.server;
    this.result = result;
  }

  /**
   * The message alone: `ai` 7 sends the model `error.toString()` for a tool error (ai 6 sends
   * `error.message`), and the model should read the server's text on both, not a class name.
   */
  override toString(): string {
    return this.message;
  }
}

/** True for any `McpToolCallError`, even one thrown by another copy of this package. */
export function isMcpToolCallError(value: unknown): value is McpToolCallError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
}
