/**
 * The elicitation bridge: a server's `elicitation/create` becomes a toolnexus {@link Request} for the
 * `waitFor` load option, and its {@link Answer} becomes the `ElicitResult` sent back.
 * @module
 */
import type { ElicitationHandler } from "@toolnexus/mcp-core";
import type { Answer, Request } from "./types.js";

/** The params of one `elicitation/create` request (form or URL mode). */
export type ElicitParams = Parameters<ElicitationHandler>[1];
/** What goes back to the server. */
export type ElicitAnswer = Awaited<ReturnType<ElicitationHandler>>;

let sequence = 0;

/**
 * Maps an elicitation onto a Request: form mode → `kind: "input"`, `data: { schema: requestedSchema }`;
 * URL mode → `kind: "authorization"`, `url`. `prompt` is the server's message; `server` names the server.
 */
export function elicitationToRequest(server: string, params: ElicitParams): Request {
  const p = params as { message?: unknown; requestedSchema?: unknown; mode?: unknown; url?: unknown };
  const isUrl = p.mode === "url";
  const request: Request = {
    id: `elc-${Date.now().toString(36)}-${++sequence}`,
    kind: isUrl ? "authorization" : "input",
    prompt: String(p.message ?? ""),
  };
  if (isUrl && typeof p.url === "string" && p.url !== "") request.url = p.url;
  if (!isUrl && p.requestedSchema) request.data = { schema: p.requestedSchema };
  request.server = server;
  return request;
}

/** `ok` → accept with `data` (or `{}`) as content; `reason: "declined"` → decline; otherwise cancel. */
export function answerToElicitResult(answer: Answer): ElicitAnswer {
  if (answer?.ok === true)
    return { action: "accept", content: (answer.data ?? {}) as ElicitAnswer["content"] };
  return { action: answer?.reason === "declined" ? "decline" : "cancel" };
}

/**
 * The core's elicitation handler over `waitFor`. A rejecting `waitFor` is passed on to the core, which
 * answers the server with a generic JSON-RPC error (the rejection's text goes to `onWarning` only) and
 * fills in the schema's defaults on an accepted form answer (SEP-1034).
 */
export function elicitationBridge(waitFor: (request: Request) => Promise<Answer>): ElicitationHandler {
  return async (server, params) => answerToElicitResult(await waitFor(elicitationToRequest(server, params)));
}
