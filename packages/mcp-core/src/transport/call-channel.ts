/**
 * The core's own request path for a 2025-era session's `tools/call`. The v2 client validates each
 * response three more times (its message dispatch, its response dispatch, the result schema) and
 * keeps an AbortSignal, listeners and a timeout per request; a tool call needs none of that. Here a
 * call is an id, an entry in a pending map and one timer; its response is taken off the transport
 * before the client sees it and its result is read once, leniently, where it is consumed
 * (`fromCallResult`). Everything else — initialize, discovery, listings, server requests, other
 * notifications, task-augmented calls, the 2026 era — stays on the client.
 *
 * Behaviour is the client's: the timeout starts again at each progress notification when progress is
 * asked for, an abort or a timeout sends `notifications/cancelled`, a closed transport fails every
 * pending call with "Connection closed", a JSON-RPC error is the server's error, and the failures are
 * the client's own error classes, so the call classification reads them unchanged.
 * @module
 */
import { type JSONRPCMessage, ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { onAbort } from "../abort-fanout.js";
import type { McpProgress } from "../call-types.js";
import { isObject } from "../is-object.js";
import type { LenientCallResult } from "../tools/call-result.js";
import type { SendMessage, TransportPart } from "./interposed-transport.js";
import type { ToolCallOptions } from "./session-types.js";

/**
 * The first id of this path. The client numbers its own requests from 0, one per request, so ids
 * from here on are never its; they stay within a 32-bit signed integer for servers that assume one.
 */
export const FIRST_CALL_ID = 1_000_000_000;

interface PendingCall {
  resolve: (result: LenientCallResult) => void;
  reject: (error: unknown) => void;
  timeoutMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  onProgress: ((progress: McpProgress) => void) | undefined;
  /** Ends the wait on the caller's signal (one listener on it however many calls share it). */
  offAbort: (() => void) | undefined;
}

/** The transport part that owns `tools/call` requests: sends them, and takes their responses. */
export class CallChannel implements TransportPart {
  private nextId = FIRST_CALL_ID;
  private readonly pending = new Map<number, PendingCall>();
  private closed = false;

  /** `send`: the session transport's own send (every part's `send` applies). */
  constructor(private readonly sendMessage: SendMessage) {}

  /** Sends one `tools/call`; resolves its result (any object), rejects as the client would. */
  call(name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<LenientCallResult> {
    const { signal, onProgress, timeoutMs, trace, meta, headers } = options;
    if (this.closed) return Promise.reject(new Error("Not connected"));
    if (signal?.aborted) return Promise.reject(aborted(signal.reason));
    const id = this.nextId++;
    const params: Record<string, unknown> = { name, arguments: args };
    // A progress token only when progress is asked for: it is also what lets progress reset the timeout.
    // The host's keys first (SPEC §23.1): the library's own are written after them.
    if (onProgress) params._meta = { ...meta, ...trace, progressToken: id };
    else if (trace || meta) params._meta = { ...meta, ...trace };
    const entry: PendingCall = {
      resolve: noSettler,
      reject: noSettler,
      timeoutMs,
      timer: undefined,
      onProgress,
      offAbort: undefined,
    };
    // The executor only keeps the settlers: the write below is not one frame deeper inside it.
    const result = new Promise<LenientCallResult>((resolve, reject) => {
      entry.resolve = resolve;
      entry.reject = reject;
    });
    this.pending.set(id, entry);
    entry.timer = setTimeout(() => this.timedOut(id), timeoutMs);
    if (signal)
      entry.offAbort = onAbort(signal, () => this.cancel(id, aborted(signal.reason), signal.reason));
    const failed = (error: unknown) => {
      if (this.settle(id)) entry.reject(error);
    };
    try {
      const message = { jsonrpc: "2.0", id, method: "tools/call", params } as JSONRPCMessage;
      // Over Streamable HTTP the trace keys are headers too; other transports ignore them.
      const sent = trace || headers ? { headers: { ...headers, ...trace } } : undefined;
      this.sendMessage(message, sent).catch(failed);
    } catch (error) {
      // Arguments that cannot be serialized (a cycle, a BigInt) fail the call, as in an executor.
      failed(error);
    }
    return result;
  }

  /** Takes the responses and progress of this path's calls; everything else goes on to the client. */
  receive(message: JSONRPCMessage): JSONRPCMessage | undefined {
    if ("method" in message) {
      return message.method === "notifications/progress" && this.progress(message.params)
        ? undefined
        : message;
    }
    const id = ownId((message as { id?: unknown }).id);
    if (id === undefined) return message;
    const entry = this.pending.get(id);
    if (!entry || !this.settle(id)) return message;
    if ("error" in message) {
      const { code, message: text, data } = message.error;
      entry.reject(ProtocolError.fromError(code, text, data));
    } else {
      entry.resolve((message as { result: LenientCallResult }).result);
    }
    return undefined;
  }

  /** The transport closed: every pending call fails as the client's would, and later calls at once. */
  closedTransport(): void {
    this.closed = true;
    const error = new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
    for (const [id, entry] of [...this.pending]) if (this.settle(id)) entry.reject(error);
  }

  /** A progress notification of one of this path's calls: resets its timeout, tells the caller. */
  private progress(params: unknown): boolean {
    if (!isObject(params)) return false;
    const token = ownId(params.progressToken);
    if (token === undefined) return false;
    const entry = this.pending.get(token);
    // Late progress (after the result, or for a call given up) is dropped: it is this path's token.
    if (!entry?.onProgress) return true;
    const { progress, total, message } = params;
    // Read leniently: a malformed report is dropped, as the client's schema check dropped it.
    if (typeof progress !== "number") return true;
    if (total !== undefined && typeof total !== "number") return true;
    if (message !== undefined && typeof message !== "string") return true;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.timedOut(token), entry.timeoutMs);
    const reported: McpProgress = { progress };
    if (total !== undefined) reported.total = total;
    if (message !== undefined) reported.message = message;
    try {
      entry.onProgress(reported);
    } catch {
      // The host's listener failing is not the call failing (the client swallowed it too).
    }
    return true;
  }

  private timedOut(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    const error = new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", {
      timeout: entry.timeoutMs,
    });
    this.cancel(id, error, error);
  }

  /** Gives a call up: it fails with `error`, and the server hears why it may stop. */
  private cancel(id: number, error: Error, reason: unknown): void {
    const entry = this.pending.get(id);
    if (!entry || !this.settle(id)) return;
    entry.reject(error);
    const notice = {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: id, reason: String(reason) },
    };
    this.sendMessage(notice as JSONRPCMessage).catch(() => {});
  }

  /** Forgets a pending call (its timer and abort listener); false when it was already settled. */
  private settle(id: number): boolean {
    const entry = this.pending.get(id);
    if (!entry) return false;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    entry.offAbort?.();
    return true;
  }
}

/**
 * The id of one of this path's calls that `value` (a response id or a progress token) names, matched
 * as the SDK client matches (`Number(value)`): servers that echo `"7"` for 7 exist, and the client
 * settled their calls before this path took them over.
 */
function ownId(value: unknown): number | undefined {
  const id = typeof value === "string" ? Number(value) : value;
  return typeof id === "number" && id >= FIRST_CALL_ID ? id : undefined;
}

/** A pending call's settler until its promise's executor (which runs at once) gives the real one. */
function noSettler(): void {}

/** How the client reports an aborted request: a request timeout carrying the abort reason. */
function aborted(reason: unknown): SdkError {
  return reason instanceof SdkError ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason));
}
