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
  let handler: Transport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => {
      // Captured now: a client that chains the previous handler must call that one, not the next.
      const current = handler;
      return (
        current &&
        ((message: JSONRPCMessage, extra?: Parameters<NonNullable<Transport["onmessage"]>>[1]) =>
          current(isModern() ? tagged(message) : message, extra))
      );
    },
    set: (next: Transport["onmessage"]) => {
      handler = next;
    },
  });
}
