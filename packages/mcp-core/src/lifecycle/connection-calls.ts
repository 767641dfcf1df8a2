/**
 * Tool calls of one server: the "no longer offered" check, the wait for a live session, the call.
 * Every outcome resolves as a result with a stable `error.code`, its texts redacted.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { errorMessage, isMcpCoreError } from "../errors.js";
import { redactResult } from "../redact/redact-error.js";
import { abortedResult, errorResult } from "../tools/call-result.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { McpCallContext, McpTool, McpToolResult } from "../types.js";
import { CallGateError } from "./call-gate.js";
import type { Connection } from "./connection.js";
import { runCall } from "./run-call.js";

/** A call's timeout when it gives none: the entry's `toolTimeouts` for the tool, else its `timeout`. */
function toolTimeoutMs(config: ServerConfig, rawName: string): number {
  const { toolTimeouts } = config;
  return (
    (toolTimeouts && Object.hasOwn(toolTimeouts, rawName) ? toolTimeouts[rawName] : undefined) ??
    config.timeoutMs
  );
}

export class ConnectionCalls implements ToolCaller {
  constructor(private readonly connection: Connection) {}

  /** Calls a tool; the error texts of the result are redacted. */
  async callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult> {
    return redactResult(await this.callUnredacted(tool, args, ctx), this.connection.redactor);
  }

  private async callUnredacted(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult> {
    const { connection } = this;
    const server = connection.config.name;
    const timeoutMs = ctx?.timeout ?? toolTimeoutMs(connection.config, tool.rawName);
    const verdict = connection.verdict();
    if (verdict.go === "fail" && verdict.code === "CLOSED") {
      return errorResult("unavailable", "CLOSED", connection.closedError().message);
    }
    const removed = () =>
      errorResult(
        "unavailable",
        "TOOL_REMOVED",
        `Tool "${tool.name}" is no longer offered by MCP server "${server}"`,
      );
    // Auto-restart that gave up withdrew the tools: the call says that, not "no longer offered".
    const exhausted = verdict.go === "fail" && verdict.code === "RESTART_EXHAUSTED";
    if (!exhausted && !connection.listing.has(tool.rawName)) return removed();
    connection.idle.callStarted();
    try {
      let session: Awaited<ReturnType<Connection["whenRunning"]>>;
      try {
        session = await connection.whenRunning(timeoutMs, ctx?.signal);
      } catch (error) {
        if (ctx?.signal?.aborted) return abortedResult(server, tool.name);
        if (error instanceof CallGateError) return errorResult("unavailable", error.code, error.message);
        if (isMcpCoreError(error) && error.code === "START_TIMEOUT") {
          return errorResult("timeout", "TIMEOUT", error.message);
        }
        return errorResult("unavailable", "SERVER_FAILED", errorMessage(error));
      }
      if (!connection.listing.has(tool.rawName)) return removed();
      return await runCall(session, { server, tool: tool.name, rawName: tool.rawName }, args, ctx, timeoutMs);
    } finally {
      connection.idle.callEnded();
    }
  }
}
