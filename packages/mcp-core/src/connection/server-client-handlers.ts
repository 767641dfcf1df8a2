/**
 * What one server may ask of the client: the host's load-level handlers bound to the server, read
 * against its config, and guarded so a handler's failure answers the server with a JSON-RPC error
 * and never reaches the host as a throw. The one place a client feature is wired per server.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { ElicitationCompletions } from "../elicitation/elicitation-completions.js";
import { guardElicitation } from "../elicitation/guard-elicitation.js";
import type { ResolvedLoadOptions } from "../options/resolved-load-options.js";
import { guardRoots } from "../roots/guard-roots.js";
import type { LoadRoots } from "../roots/load-roots.js";
import { guardSampling } from "../sampling/guard-sampling.js";
import type { ClientHandlers } from "../transport/session-callbacks.js";

/** The load options the client features are built from. */
export type HostClientOptions = Pick<
  ResolvedLoadOptions,
  "onElicitation" | "maxElicitationsPerMinute" | "onSampling" | "samplingPolicy" | "apps"
> & {
  /** The load-level roots (`roots` option, `source.setRoots`); a server's own `roots` override them. */
  roots?: LoadRoots | undefined;
};

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
  if (host.apps) handlers.apps = true;
  const { onElicitation } = host;
  if (onElicitation) {
    const completions = new ElicitationCompletions();
    handlers.elicitation = guardElicitation(
      config.name,
      (request, context) => onElicitation(config.name, request, context),
      warn,
      completions,
      host.maxElicitationsPerMinute,
    );
    handlers.elicitationComplete = (elicitationId) => completions.complete(elicitationId);
  }
  // The entry's `allowSampling` says whether this server may sample; the load's policy bounds how.
  if (host.onSampling && config.allowSampling !== false) {
    handlers.sampling = guardSampling(config.name, host.onSampling, host.samplingPolicy, warn);
    handlers.samplingTools = host.samplingPolicy.tools;
  }
  // A server's own roots are all it ever sees: never the load's, nor their changes.
  const own = config.roots;
  const shared = host.roots;
  if (own) handlers.roots = { list: guardRoots(config.name, async () => own, warn) };
  else if (shared?.configured) {
    handlers.roots = {
      list: guardRoots(config.name, () => shared.list(), warn),
      onChange: (listener) => shared.subscribe(listener),
    };
  }
  return handlers;
}
