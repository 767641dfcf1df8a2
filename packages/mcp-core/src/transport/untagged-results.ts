/**
 * Results without `resultType` on the modern era. Revision 2026-07-28 has servers tag every result
 * (`"complete"`, `"input_required"`), and the client rejects an untagged one; the conformance suite
 * (SEP-2322) has a client take it as complete, and a server is untrusted input we read leniently
 * anyway. So, once the session is modern, an untagged result is tagged `"complete"` on its way from
 * the transport to the client.
 * @module
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function tagged(message: JSONRPCMessage): JSONRPCMessage {
  const result = (message as { result?: unknown }).result;
  if (!isObject(result) || "resultType" in result || "method" in message) return message;
  return { ...message, result: { ...result, resultType: "complete" } } as JSONRPCMessage;
}

/**
 * Interposes on the transport's `onmessage` (the client sets it, and may chain an earlier one), so
 * every handler the client installs sees untagged modern results as complete.
 */
export function acceptUntaggedResults(transport: Transport, isModern: () => boolean): void {
  type Handler = NonNullable<Transport["onmessage"]>;
  // Wrapped once per handler the client sets, not on every read: the transport reads it per message.
  let wrapped: Handler | undefined;
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => wrapped,
    set: (next: Transport["onmessage"]) => {
      // A client that chains the previous handler calls that wrapper, which keeps its own `next`.
      wrapped = next && ((message, extra) => next(isModern() ? tagged(message) : message, extra));
    },
  });
}
