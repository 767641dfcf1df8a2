/**
 * A call's `maxTotalTimeoutMs`: one bound on the whole request that progress does not reset, where
 * the request's own `timeout` starts again at every progress notification.
 * @module
 */
import { onAbort } from "../abort-fanout.js";
import { errorResult } from "../tools/call-result.js";
import type { McpCallContext, McpToolResult } from "../types.js";
import type { CallTarget } from "./run-call.js";

/** A running total bound: the context the request runs under, and what it holds until it ends. */
export interface TotalBound {
  /** The caller's context with the bound's signal (aborted by the caller's, or when time runs out). */
  ctx: McpCallContext;
  /** The bound in milliseconds. */
  limitMs: number;
  /** Whether the time ran out. */
  expired: boolean;
  /** Clears the timer and the caller's abort listener. */
  end(): void;
}

/**
 * Starts `ctx.maxTotalTimeoutMs` (undefined without one, or when the caller already aborted). Our
 * own timer rather than the SDK's `maxTotalTimeout`, which is only checked when a progress
 * notification arrives: when it fires, the call's signal aborts — the server gets
 * `notifications/cancelled`, a wait for a starting server ends.
 */
export function startTotalBound(ctx: McpCallContext | undefined): TotalBound | undefined {
  const limitMs = ctx?.maxTotalTimeoutMs;
  const callerSignal = ctx?.signal;
  if (limitMs === undefined || callerSignal?.aborted) return undefined;
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  // Through the signal's one listener: a host may pass the same signal to every call of a turn.
  const offForward = callerSignal ? onAbort(callerSignal, forward) : undefined;
  const bound: TotalBound = {
    ctx: { ...ctx, signal: controller.signal },
    limitMs,
    expired: false,
    end: () => {
      clearTimeout(timer);
      offForward?.();
    },
  };
  const timer = setTimeout(() => {
    bound.expired = true;
    controller.abort();
  }, limitMs);
  return bound;
}

/**
 * The outcome of a request under `bound`: an abort caused by the bound running out is reported as
 * the timeout it is; the caller's own abort stays an abort, and every other outcome is as it is.
 */
export function totalBoundResult(
  where: CallTarget,
  bound: TotalBound,
  callerSignal: AbortSignal | undefined,
  result: McpToolResult,
): McpToolResult {
  if (!bound.expired || callerSignal?.aborted || result.error?.kind !== "aborted") return result;
  const what = where.what ?? `tool "${where.tool}"`;
  const message = `Call to ${what} on MCP server "${where.server}" timed out after ${bound.limitMs} ms in total`;
  return errorResult("timeout", "TIMEOUT", message);
}

/** Runs `run` under `ctx.maxTotalTimeoutMs` (as is, without one): {@link startTotalBound}. */
export async function withTotalBound<T>(
  where: CallTarget,
  ctx: McpCallContext | undefined,
  run: (ctx: McpCallContext | undefined) => Promise<{ value: T } | { failed: McpToolResult }>,
): Promise<{ value: T } | { failed: McpToolResult }> {
  const bound = startTotalBound(ctx);
  if (bound === undefined) return run(ctx);
  try {
    const outcome = await run(bound.ctx);
    return "failed" in outcome
      ? { failed: totalBoundResult(where, bound, ctx?.signal, outcome.failed) }
      : outcome;
  } finally {
    bound.end();
  }
}
