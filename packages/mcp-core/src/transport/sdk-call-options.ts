/**
 * A tool call's options as the SDK client takes them (the 2026 era's calls, which go through the
 * client: `input_required` rounds, the request envelope, per-request streams).
 * @module
 */
import type { Progress, RequestOptions } from "@modelcontextprotocol/client";
import { onAbort } from "../abort-fanout.js";
import type { McpProgress } from "../call-types.js";
import { isMcpCoreError } from "../errors.js";
import type { ToolCallOptions } from "./session-types.js";

/**
 * Runs `send` with the call's options. A fresh AbortController per call, linked to the caller's
 * signal, because the client adds a listener to the signal it gets and never removes it.
 */
export async function withSdkCallOptions<T>(
  options: ToolCallOptions,
  send: (requestOptions: RequestOptions) => Promise<T>,
): Promise<T> {
  const { signal: callerSignal, onProgress } = options;
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  // Through the signal's one listener: a host may pass the same signal to every call of a turn.
  const offForward = callerSignal ? onAbort(callerSignal, forward) : undefined;
  const requestOptions: RequestOptions = { signal: controller.signal, timeout: options.timeoutMs };
  if (onProgress) {
    // The client only sends a progress token (and so only resets the timeout) when onprogress is set.
    requestOptions.resetTimeoutOnProgress = true;
    requestOptions.onprogress = (p: Progress) => {
      // A public object: keys the server did not send stay absent.
      const reported: McpProgress = { progress: p.progress };
      if (p.total !== undefined) reported.total = p.total;
      if (p.message !== undefined) reported.message = p.message;
      onProgress(reported);
    };
  }
  try {
    return await send(requestOptions);
  } catch (error) {
    // A request the transport refused stays registered in the client until aborted.
    if (isMcpCoreError(error) && error.code === "STDIN_BACKLOG_FULL") controller.abort(error);
    throw error;
  } finally {
    offForward?.();
  }
}
