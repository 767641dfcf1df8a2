import type { RequestOptions } from "@modelcontextprotocol/client";
import { onAbort } from "../abort-fanout.js";
import { isMcpCoreError } from "../errors.js";
import { abortedResult } from "../tools/call-result.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import { classifyCallError } from "./call-failure.js";

/** Where a request goes: its server, and the tool (or, with `what`, the resource or prompt) it is for. */
export interface CallTarget {
  server: string;
  tool: string;
  /** How messages name a request that is not a tool call, e.g. `resource "file:///a"`. */
  what?: string | undefined;
  /** A tool call's raw name: its entry in `toolTimeouts` applies. */
  rawName?: string | undefined;
}

/**
 * Runs one request on a live session under the call's timeout and signal, with a fresh
 * AbortController per request; a failure comes back classified as a call's (`failed`).
 */
export async function runRequest<R>(
  send: (options: RequestOptions) => Promise<R>,
  where: CallTarget,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<{ value: R } | { failed: McpToolResult }> {
  const callerSignal = ctx?.signal;
  if (callerSignal?.aborted) return { failed: abortedResult(where.server, where.tool, where.what) };
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  // Through the signal's one listener: a host may pass the same signal to every call of a turn.
  const offForward = callerSignal ? onAbort(callerSignal, forward) : undefined;
  try {
    return { value: await send({ signal: controller.signal, timeout: timeoutMs }) };
  } catch (error) {
    // A request the transport refused stays registered in the SDK client until aborted.
    if (isMcpCoreError(error) && error.code === "STDIN_BACKLOG_FULL") controller.abort(error);
    return {
      failed: classifyCallError(error, {
        aborted: callerSignal?.aborted === true,
        timeoutMs,
        server: where.server,
        tool: where.tool,
        what: where.what,
      }),
    };
  } finally {
    offForward?.();
  }
}
