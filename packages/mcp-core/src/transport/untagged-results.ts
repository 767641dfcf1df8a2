/**
 * Results without `resultType` on the modern era. Revision 2026-07-28 has servers tag every result
 * (`"complete"`, `"input_required"`), and the client rejects an untagged one; the conformance suite
 * (SEP-2322) has a client take it as complete, and a server is untrusted input we read leniently
 * anyway. So, once the session is modern, an untagged result is tagged `"complete"` on its way from
 * the transport to the client.
 * @module
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { isObject } from "../is-object.js";
import type { TransportPart } from "./interposed-transport.js";

function tagged(message: JSONRPCMessage): JSONRPCMessage {
  const result = (message as { result?: unknown }).result;
  if (!isObject(result) || "resultType" in result || "method" in message) return message;
  return { ...message, result: { ...result, resultType: "complete" } } as JSONRPCMessage;
}

/** The part of a session's transport that tags untagged results `"complete"` while `isModern()`. */
export function untaggedResults(isModern: () => boolean): TransportPart {
  return { receive: (message) => (isModern() ? tagged(message) : message) };
}
