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
import { takeOrRefuse } from "../sampling/rate-refusal.js";
import { SamplingRate } from "../sampling/sampling-rate.js";
import { serverLabel } from "../server-message.js";
import { applyElicitationDefaults } from "./apply-elicitation-defaults.js";
import type { ElicitationCompletions } from "./elicitation-completions.js";
import { checkElicitationUrl } from "./elicitation-url-policy.js";

/** What the server is told when the host's handler fails: nothing of the host's own error text. */
export const ELICITATION_FAILED_MESSAGE = "The client could not answer the elicitation request";

/** What the server is told when its elicitation URL is refused (the host never saw the request). */
export const ELICITATION_URL_REFUSED_MESSAGE =
  "The client refused the elicitation URL: only https: (or http: on a loopback host) without credentials is accepted";

/**
 * The elicitation requests one server may make in a minute by default (a fixed window from the
 * first request in it, as sampling's; the `maxElicitationsPerMinute` load option). A person answers
 * them: a handful a minute is use, more is a flood.
 */
export const MAX_ELICITATIONS_PER_MINUTE = 30;

/**
 * The host's answer to a server's elicitation request, bound to the server: `signal` aborts when the
 * server cancels the request, `sessionEnded` when the session that carried it ends.
 */
export type BoundElicitationHandler = (
  request: ElicitRequest["params"],
  signal?: AbortSignal,
  sessionEnded?: AbortSignal,
) => Promise<ElicitResult>;

/** What the host's handler gets besides the request. */
export interface ElicitationContext {
  /**
   * A URL-mode request of the 2025 era (it has an `elicitationId`): settles `true` when the server
   * sends `notifications/elicitation/complete` for it, `false` when it has not after 10 minutes or
   * when the session that carried the request ends first (the server crashed or was stopped).
   * Never rejects. Absent for form mode and on the 2026 era, where the server's retry of the call
   * is the completion.
   */
  completed?: Promise<boolean> | undefined;
  /** Aborted when the server cancels the request or its session ends: a pending form can close. */
  signal?: AbortSignal | undefined;
}

/**
 * Wraps the host's handler for one server. Past `maxPerMinute` requests in a
 * minute the rest of it is refused `-32600` (warned once). A handler that throws or rejects answers the server with a
 * generic JSON-RPC internal error ({@link ELICITATION_FAILED_MESSAGE}); its own message, which may hold
 * anything the host knows, goes to `warn` only. A URL-mode request whose URL breaks the rule of
 * `elicitation-url-policy.ts` is answered `-32602` ({@link ELICITATION_URL_REFUSED_MESSAGE}) and
 * never reaches the handler; such refusals are warned once a minute (a flood of them is one burst).
 * An accepted form answer gets the schema's defaults.
 * @param server The server's name, for the warning.
 * @param handler The host's handler, already bound to the server.
 * @param warn Where the failure's detail goes (the host's `onWarning`).
 * @param completions The server's completion waits (URL mode).
 * @param maxPerMinute The requests a minute the handler is given ({@link MAX_ELICITATIONS_PER_MINUTE}).
 */
export function guardElicitation(
  server: string,
  handler: (params: ElicitRequest["params"], context: ElicitationContext) => Promise<ElicitResult>,
  warn: (message: string) => void,
  completions?: ElicitationCompletions,
  maxPerMinute = MAX_ELICITATIONS_PER_MINUTE,
): BoundElicitationHandler {
  const rate = new SamplingRate(maxPerMinute);
  // A window that allows none: its first refusal, once a minute, is the URL refusal that is warned.
  const urlWarnings = new SamplingRate(0);
  return async (received, signal, sessionEnded) => {
    takeOrRefuse(rate, maxPerMinute, "elicitation", server, warn);
    let params = received;
    const context: ElicitationContext = signal ? { signal } : {};
    let completionId: string | undefined;
    if (params.mode === "url") {
      const checked = checkElicitationUrl(params.url);
      if ("refused" in checked) {
        if (urlWarnings.take() === "first-refusal") {
          warn(
            `${serverLabel(server)}: refused a URL elicitation: ${checked.refused} (further refusals this minute are not warned)`,
          );
        }
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, ELICITATION_URL_REFUSED_MESSAGE);
      }
      params = { ...params, url: checked.href };
      const id = (params as { elicitationId?: unknown }).elicitationId;
      if (completions && typeof id === "string") {
        completionId = id;
        context.completed = completions.wait(id, sessionEnded);
      }
    }
    let result: ElicitResult;
    try {
      result = await handler(params, context);
      // Nothing will complete a URL the host did not accept: its wait gives its slot back now.
      if (completionId !== undefined && result.action !== "accept") completions?.abandon(completionId);
    } catch (error) {
      if (completionId !== undefined) completions?.abandon(completionId);
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
