import type { Progress } from "@modelcontextprotocol/client";
import { isMcpCoreError } from "../errors.js";
import { abortedResult, classifyCallError, fromCallResult } from "../tools/call-result.js";
import type { McpSession } from "../transport/session.js";
import type { McpCallContext, McpProgress, McpToolResult } from "../types.js";

/**
 * Runs one `tools/call` on a live session. A fresh AbortController per call, linked to the
 * caller's signal, because the SDK adds a listener to the signal it gets and never removes it.
 */
export async function runCall(
  session: McpSession,
  where: { server: string; tool: string; rawName: string },
  args: Record<string, unknown>,
  ctx: McpCallContext | undefined,
  timeoutMs: number,
): Promise<McpToolResult> {
  const callerSignal = ctx?.signal;
  if (callerSignal?.aborted) return abortedResult(where.server, where.tool);
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener("abort", forward, { once: true });
  const onProgress = ctx?.onProgress;
  try {
    const result = await session.callTool(where.rawName, args, {
      signal: controller.signal,
      timeout: timeoutMs,
      // The SDK only sends a progress token (and so only resets the timeout) when onprogress is set.
      ...(onProgress
        ? {
            resetTimeoutOnProgress: true,
            onprogress: (p: Progress) => {
              // A public object: keys the server did not send stay absent.
              const progress: McpProgress = {
                progress: p.progress,
              };
              if (p.total !== undefined) progress.total = p.total;
              if (p.message !== undefined) progress.message = p.message;
              onProgress(progress);
            },
          }
        : {}),
    });
    return fromCallResult(result);
  } catch (error) {
    // A request the transport refused stays registered in the SDK client until aborted.
    if (isMcpCoreError(error) && error.code === "STDIN_BACKLOG_FULL") controller.abort(error);
    return classifyCallError(error, {
      aborted: callerSignal?.aborted === true,
      timeoutMs,
      server: where.server,
      tool: where.tool,
    });
  } finally {
    callerSignal?.removeEventListener("abort", forward);
  }
}
