/**
 * A call's `maxTotalTimeoutMs`: one bound on the whole request that progress does not reset, where
 * the request's own `timeout` starts again at every progress notification.
 * @module
 */
import { onAbort } from "../abort-fanout.js";
import { errorResult } from "../tools/call-result.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import type { CallTarget } from "./run-call.js";

/**
 * Runs `run` under `ctx.maxTotalTimeoutMs` (as is, without one). Our own timer rather than the SDK's
 * `maxTotalTimeout`, which is only checked when a progress notification arrives: when it fires, the
 * call's signal aborts — the server gets `notifications/cancelled`, a wait for a starting server
 * ends — and the aborted outcome is reported as the timeout it is. The caller's own abort stays an
 * abort.
 */
export async function withTotalBound<T>(
  where: CallTarget,
  ctx: McpCallContext | undefined,
  run: (ctx: McpCallContext | undefined) => Promise<{ value: T } | { failed: McpToolResult }>,
): Promise<{ value: T } | { failed: McpToolResult }> {
  const limitMs = ctx?.maxTotalTimeoutMs;
  const callerSignal = ctx?.signal;
  if (limitMs === undefined || callerSignal?.aborted) return run(ctx);
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  // Through the signal's one listener: a host may pass the same signal to every call of a turn.
  const offForward = callerSignal ? onAbort(callerSignal, forward) : undefined;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, limitMs);
  try {
    const outcome = await run({ ...ctx, signal: controller.signal });
    if (!expired || callerSignal?.aborted || !("failed" in outcome)) return outcome;
    if (outcome.failed.error?.kind !== "aborted") return outcome;
    const what = where.what ?? `tool "${where.tool}"`;
    const message = `Call to ${what} on MCP server "${where.server}" timed out after ${limitMs} ms in total`;
    return { failed: errorResult("timeout", "TIMEOUT", message) };
  } finally {
    clearTimeout(timer);
    offForward?.();
  }
}
