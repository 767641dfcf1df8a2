/**
 * A response the JSON-RPC schema refuses, read for what it carries. A server that adds a top-level
 * key to its answer (`{"jsonrpc":"2.0","id":7,"result":{…},"extra":true}`), or sends an error the
 * schema does not take, wrote an answer all the same: dropped as noise, its call would wait out the
 * timeout. Its id is what matters: the call it answers settles now, with the result or error it
 * carries, or with an error saying the answer could not be read.
 * @module
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { isObject } from "../is-object.js";

/** JSON-RPC "internal error": the code an unreadable answer settles its call with. */
const INTERNAL_ERROR = -32603;

/** The message of that error. */
export const UNREADABLE_RESPONSE = "the server's response is not valid JSON-RPC";

/** What a refused message answers, as a response the client and the call path take; else undefined. */
export function refusedResponse(value: unknown): JSONRPCMessage | undefined {
  if (!isObject(value) || value.jsonrpc !== "2.0" || "method" in value) return undefined;
  const { id, result, error } = value;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (!("result" in value) && !("error" in value)) return undefined;
  // Only what a response has is passed on; the result is read leniently where it is consumed.
  if (isObject(result) && error === undefined) {
    return { jsonrpc: "2.0", id, result } as JSONRPCMessage;
  }
  if (isObject(error) && Number.isSafeInteger(error.code) && typeof error.message === "string") {
    const { code, message, data } = error;
    return {
      jsonrpc: "2.0",
      id,
      error: { code, message, ...(data !== undefined && { data }) },
    } as JSONRPCMessage;
  }
  return {
    jsonrpc: "2.0",
    id,
    error: { code: INTERNAL_ERROR, message: UNREADABLE_RESPONSE },
  } as JSONRPCMessage;
}
