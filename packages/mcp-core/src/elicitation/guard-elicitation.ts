/**
 * The elicitation handler a session installs: the host's handler, with its failures kept from the
 * server, the schema's defaults applied to what it accepts, and a URL-mode request's URL checked
 * before the host sees it.
 * @module
 */
import {
  type ElicitRequest,
  type ElicitResult,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/client";
import { hostHandlerFailure } from "../client-handler-failure.js";
import { applyElicitationDefaults } from "./apply-elicitation-defaults.js";
import type { ElicitationCompletions } from "./elicitation-completions.js";
import { refusedElicitationUrl } from "./elicitation-url-policy.js";

/** What the server is told when the host's handler fails: nothing of the host's own error text. */
export const ELICITATION_FAILED_MESSAGE = "The client could not answer the elicitation request";

/** What the server is told when its elicitation URL is refused (the host never saw the request). */
export const ELICITATION_URL_REFUSED_MESSAGE =
  "The client refused the elicitation URL: only https: (or http: on a loopback host) without credentials is accepted";

/** What the host's handler gets besides the request. */
export interface ElicitationContext {
  /**
   * A URL-mode request of the 2025 era (it has an `elicitationId`): settles `true` when the server
   * sends `notifications/elicitation/complete` for it, `false` when it has not after 10 minutes.
   * Never rejects. Absent for form mode and on the 2026 era, where the server's retry of the call
   * is the completion.
   */
  completed?: Promise<boolean> | undefined;
}

/**
 * Wraps the host's handler for one server. A handler that throws or rejects answers the server with a
 * generic JSON-RPC internal error ({@link ELICITATION_FAILED_MESSAGE}); its own message, which may hold
 * anything the host knows, goes to `warn` only. A URL-mode request whose URL breaks the rule of
 * `elicitation-url-policy.ts` is answered `-32602` ({@link ELICITATION_URL_REFUSED_MESSAGE}) and
 * never reaches the handler. An accepted form answer gets the schema's defaults.
 * @param server The server's name, for the warning.
 * @param handler The host's handler, already bound to the server.
 * @param warn Where the failure's detail goes (the host's `onWarning`).
 * @param completions The server's completion waits (URL mode).
 */
export function guardElicitation(
  server: string,
  handler: (params: ElicitRequest["params"], context: ElicitationContext) => Promise<ElicitResult>,
  warn: (message: string) => void,
  completions?: ElicitationCompletions,
): (params: ElicitRequest["params"]) => Promise<ElicitResult> {
  return async (params) => {
    const context: ElicitationContext = {};
    if (params.mode === "url") {
      const refused = refusedElicitationUrl(params.url);
      if (refused !== undefined) {
        warn(`MCP server "${server}": refused a URL elicitation: ${refused}`);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, ELICITATION_URL_REFUSED_MESSAGE);
      }
      const id = (params as { elicitationId?: unknown }).elicitationId;
      if (completions && typeof id === "string") context.completed = completions.wait(id);
    }
    let result: ElicitResult;
    try {
      result = await handler(params, context);
    } catch (error) {
      throw hostHandlerFailure(
        server,
        "the elicitation handler failed",
        error,
        ELICITATION_FAILED_MESSAGE,
        warn,
      );
    }
    return applyElicitationDefaults(params, result);
  };
}
