import type { Progress, RequestOptions } from "@modelcontextprotocol/client";
import { isMcpCoreError } from "../errors.js";
import { abortedResult, classifyCallError, fromCallResult } from "../tools/call-result.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpProgress, McpToolResult } from "../types.js";

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
 * Runs one `tools/call` on a live session; its result is bounded by `maxResultBytes`. A fresh
 * AbortController per call, linked to the caller's signal, because the SDK adds a listener to the
 * signal it gets and never removes it.
 */
export async function runCall(
  session: McpSession,
  where: CallTarget & { rawName: string },
  args: Record<string, unknown>,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
  maxResultBytes: number,
): Promise<McpToolResult> {
  const onProgress = ctx?.onProgress;
  // The SDK only sends a progress token (and so only resets the timeout) when onprogress is set.
  const progress: Partial<RequestOptions> | undefined = onProgress && {
    resetTimeoutOnProgress: true,
    onprogress: (p: Progress) => {
      // A public object: keys the server did not send stay absent.
      const reported: McpProgress = { progress: p.progress };
      if (p.total !== undefined) reported.total = p.total;
      if (p.message !== undefined) reported.message = p.message;
      onProgress(reported);
    },
  };
  const outcome = await runRequest(
    (options) => session.callTool(where.rawName, args, progress ? { ...options, ...progress } : options),
    where,
    ctx,
    timeoutMs,
  );
  return "failed" in outcome ? outcome.failed : fromCallResult(outcome.value, maxResultBytes);
}

/**
 * Runs one request on a live session under the call's timeout and signal, with the same fresh
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
  callerSignal?.addEventListener("abort", forward, { once: true });
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
    callerSignal?.removeEventListener("abort", forward);
  }
}
