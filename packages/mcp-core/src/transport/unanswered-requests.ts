/**
 * Requests whose Streamable HTTP response stream ends without an answer. A server may answer a POST
 * with an SSE stream and then close it having sent no event (a proxy that drops events, a handler
 * that died): the transport reports that end, but the client leaves the request pending until its
 * timeout (a minute by default) — a call that hangs on a server that has already said "no answer".
 * This settles such a request at once with a JSON-RPC error the call classification reads as a
 * transport failure (`CALL_FAILED`), not as the server's own words.
 * @module
 */
import { type JSONRPCMessage, ProtocolError } from "@modelcontextprotocol/client";
import type { TransportPart } from "./interposed-transport.js";

/** The JSON-RPC code of the error this module delivers; `data.unanswered` marks it as ours. */
const UNANSWERED_CODE = -32000;
const UNANSWERED_MESSAGE = "the server ended the response stream without answering";

/**
 * The most requests remembered as waiting. A request that timed out or was aborted gets no answer
 * and its stream no end callback; the oldest are forgotten past this bound, so a long session's
 * bookkeeping stays small (a forgotten request merely waits for its own timeout, as without this).
 */
const MAX_PENDING = 4_096;
type RequestId = string | number;

const requestId = (message: JSONRPCMessage): RequestId | undefined =>
  "method" in message && "id" in message ? (message.id as RequestId) : undefined;

/** A response's id as its request sent it: the SDK client's ids are numbers, and a server may echo `"7"`. */
const responseId = (message: JSONRPCMessage): RequestId | undefined => {
  if ("method" in message || !("id" in message)) return undefined;
  const id = message.id as RequestId;
  return typeof id === "string" && Number.isSafeInteger(Number(id)) ? Number(id) : id;
};

/**
 * The part of a Streamable HTTP session's transport that remembers each request until its answer
 * (`receive`) and asks to hear when its response stream ends (`send`); a request whose stream ended
 * unanswered gets its error through `answer`.
 */
export function unansweredRequests(answer: (message: JSONRPCMessage) => void): TransportPart {
  const pending = new Set<RequestId>();
  return {
    receive(message) {
      const id = responseId(message);
      if (id !== undefined) pending.delete(id);
      return message;
    },
    send(message, options, next) {
      const id = requestId(message);
      if ("method" in message && message.method === "notifications/cancelled") {
        pending.delete((message.params as { requestId?: RequestId } | undefined)?.requestId ?? "");
      }
      if (id === undefined || options?.onRequestStreamEnd) return next(message, options);
      pending.add(id);
      if (pending.size > MAX_PENDING) pending.delete(pending.values().next().value as RequestId);
      options?.requestSignal?.addEventListener("abort", () => pending.delete(id), { once: true });
      const onRequestStreamEnd = () => {
        // The stream also ends after a response; only a request still waiting gets the error.
        if (!pending.delete(id)) return;
        answer({
          jsonrpc: "2.0",
          id,
          error: { code: UNANSWERED_CODE, message: UNANSWERED_MESSAGE, data: { unanswered: true } },
        } as JSONRPCMessage);
      };
      return next(message, { ...options, onRequestStreamEnd }).catch((error: unknown) => {
        pending.delete(id);
        throw error;
      });
    },
  };
}

/** The error a request failed with when its response stream ended without an answer. */
export function isUnansweredRequest(error: unknown): boolean {
  return (
    error instanceof ProtocolError &&
    error.code === UNANSWERED_CODE &&
    (error.data as { unanswered?: unknown } | undefined)?.unanswered === true
  );
}
