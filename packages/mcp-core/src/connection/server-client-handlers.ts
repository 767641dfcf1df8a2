/**
 * What one server may ask of the client: the host's load-level handlers bound to the server, read
 * against its config, and guarded so a handler's failure answers the server with a JSON-RPC error
 * and never reaches the host as a throw. The one place a client feature is wired per server.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { guardElicitation } from "../elicitation/guard-elicitation.js";
import type { ResolvedLoadOptions } from "../options.js";
import { guardSampling } from "../sampling/guard-sampling.js";
import type { ClientHandlers } from "../transport/session-callbacks.js";

/** The load options the client features are built from. */
export type HostClientOptions = Pick<ResolvedLoadOptions, "onElicitation" | "onSampling" | "sampling">;

/**
 * The handlers one server's sessions install.
 * @param config The server's config (its per-server overrides).
 * @param host The load-level handlers.
 * @param warn Where a handler's failure is told (the server's redacting warn).
 */
export function serverClientHandlers(
  config: ServerConfig,
  host: HostClientOptions,
  warn: (message: string) => void,
): ClientHandlers {
  const handlers: ClientHandlers = {};
  const { onElicitation } = host;
  if (onElicitation) {
    handlers.elicitation = guardElicitation(
      config.name,
      (request) => onElicitation(config.name, request),
      warn,
    );
  }
  if (host.onSampling && config.sampling !== false) {
    handlers.sampling = guardSampling(config.name, host.onSampling, host.sampling, warn);
    handlers.samplingTools = host.sampling.tools;
  }
  // A server may ask for either as a task (2025-11-25); the task store answers its polls.
  handlers.requestTasks = handlers.elicitation !== undefined || handlers.sampling !== undefined;
  return handlers;
}
