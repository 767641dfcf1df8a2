/**
 * The elicitation handler a session installs: the host's handler, with its failures kept from the
 * server and the schema's defaults applied to what it accepts.
 * @module
 */
import {
  type ElicitRequest,
  type ElicitResult,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/client";
import { errorMessage } from "../errors.js";
import { applyElicitationDefaults } from "./apply-elicitation-defaults.js";

/** What the server is told when the host's handler fails: nothing of the host's own error text. */
export const ELICITATION_FAILED_MESSAGE = "The client could not answer the elicitation request";

/**
 * Wraps the host's handler for one server. A handler that throws or rejects answers the server with a
 * generic JSON-RPC internal error ({@link ELICITATION_FAILED_MESSAGE}); its own message, which may hold
 * anything the host knows, goes to `warn` only. An accepted form answer gets the schema's defaults.
 * @param server The server's name, for the warning.
 * @param handler The host's handler, already bound to the server.
 * @param warn Where the failure's detail goes (the host's `onWarning`).
 */
export function guardElicitation(
  server: string,
  handler: (params: ElicitRequest["params"]) => Promise<ElicitResult>,
  warn: (message: string) => void,
): (params: ElicitRequest["params"]) => Promise<ElicitResult> {
  return async (params) => {
    let result: ElicitResult;
    try {
      result = await handler(params);
    } catch (error) {
      warn(`MCP server "${server}": the elicitation handler failed: ${errorMessage(error)}`);
      throw new ProtocolError(ProtocolErrorCode.InternalError, ELICITATION_FAILED_MESSAGE);
    }
    return applyElicitationDefaults(params, result);
  };
}
