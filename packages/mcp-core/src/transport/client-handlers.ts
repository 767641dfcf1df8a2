/**
 * The client side of MCP for one session: the capabilities a client declares and the handlers it
 * installs, both read from one {@link ClientHandlers} bundle so a capability is declared exactly
 * when its handler exists.
 * @module
 */
import type { Client, ClientCapabilities } from "@modelcontextprotocol/client";
import { withRawElicitationUrl } from "../elicitation/raw-elicitation-url.js";
import { APP_MIME_TYPE, APPS_EXTENSION_ID } from "../tools/tool-visibility.js";
import { withServerTrace } from "../tracing/server-trace.js";
import type { ClientHandlers } from "./session-callbacks.js";

/** The capabilities to declare for these handlers (none for an empty bundle). */
export function clientCapabilities(handlers: ClientHandlers): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (handlers.elicitation) capabilities.elicitation = { form: {}, url: {} };
  if (handlers.sampling) capabilities.sampling = handlers.samplingTools ? { tools: {} } : {};
  // A server may send either as a task (2025-11-25); the session's task store answers its polls.
  if (handlers.sampling || handlers.elicitation) {
    capabilities.tasks = {
      list: {},
      cancel: {},
      requests: {
        ...(handlers.sampling ? { sampling: { createMessage: {} } } : {}),
        ...(handlers.elicitation ? { elicitation: { create: {} } } : {}),
      },
    };
  }
  // listChanged only for roots that can change (the load's): a server's own roots never do.
  if (handlers.roots) capabilities.roots = handlers.roots.onChange ? { listChanged: true } : {};
  if (handlers.apps) capabilities.extensions = { [APPS_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } };
  return capabilities;
}

/**
 * Installs on `client` the request handler of each feature the bundle has.
 * @param sessionEnded aborts when this client's session ends: what waits on the session (a URL
 *   elicitation's completion) ends with it.
 */
export function installClientHandlers(
  client: Client,
  handlers: ClientHandlers,
  sessionEnded?: AbortSignal,
): void {
  const { elicitation, elicitationComplete, sampling, roots } = handlers;
  if (elicitation)
    client.setRequestHandler("elicitation/create", (request, ctx) =>
      // The URL as the server sent it (kept by the tasking client), so the guard checks that; the
      // host's handler runs in the server's trace when the request carries one (SPEC §21.4).
      withServerTrace(request.params, () =>
        elicitation(withRawElicitationUrl(request.params, ctx), ctx.mcpReq.signal, sessionEnded),
      ),
    );
  if (elicitation && elicitationComplete)
    client.setNotificationHandler("notifications/elicitation/complete", (notification) =>
      elicitationComplete(notification.params.elicitationId),
    );
  if (sampling)
    client.setRequestHandler("sampling/createMessage", (request, ctx) =>
      withServerTrace(request.params, () => sampling(request.params, ctx.mcpReq.signal)),
    );
  if (roots) client.setRequestHandler("roots/list", () => roots.list());
}
