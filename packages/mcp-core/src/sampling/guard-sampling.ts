/**
 * The sampling handler a session installs: the host's handler bound to one server, with its
 * failures kept from the server.
 * @module
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { errorMessage } from "../errors.js";
import type { SamplingHandler, SamplingRequest, SamplingResult } from "./sampling-types.js";

/** What the server is told when the host's handler fails: nothing of the host's own error text. */
export const SAMPLING_FAILED_MESSAGE = "The client could not answer the sampling request";

/** A server's sampling request as a session sees it: params and the request's abort signal. */
export type BoundSamplingHandler = (request: SamplingRequest, signal: AbortSignal) => Promise<SamplingResult>;

/**
 * Binds the host's handler to one server. A handler that throws or rejects answers the server with a
 * generic JSON-RPC internal error ({@link SAMPLING_FAILED_MESSAGE}); its own message goes to `warn`.
 */
export function guardSampling(
  server: string,
  handler: SamplingHandler,
  warn: (message: string) => void,
): BoundSamplingHandler {
  return async (request, signal) => {
    try {
      return await handler(request, { server, signal });
    } catch (error) {
      warn(`MCP server "${server}": the sampling handler failed: ${errorMessage(error)}`);
      throw new ProtocolError(ProtocolErrorCode.InternalError, SAMPLING_FAILED_MESSAGE);
    }
  };
}
