/**
 * What a session hands to the host while it runs, shared by the session and its client: a
 * server's elicitation requests and its resource and prompt notifications.
 * @module
 */
import type { BoundElicitationHandler } from "../elicitation/guard-elicitation.js";
import type { RootsHandler } from "../roots/guard-roots.js";
import type { BoundSamplingHandler } from "../sampling/guard-sampling.js";

/**
 * What one server may ask of the client, already bound to that server and guarded (a handler's
 * failure answers the server with a JSON-RPC error). One field per feature; a feature whose field
 * is absent is neither declared as a capability nor answered. `transport/client-handlers.ts` turns
 * the bundle into the client's capabilities and request handlers.
 */
export interface ClientHandlers {
  elicitation?: BoundElicitationHandler | undefined;
  sampling?: BoundSamplingHandler | undefined;
  /** The sampling handler takes requests with `tools` (declared as `sampling.tools`). */
  samplingTools?: boolean | undefined;
  /** A server's `notifications/elicitation/complete` (its `elicitationId`), with `elicitation`. */
  elicitationComplete?: ((elicitationId: unknown) => void) | undefined;
  /** Answers `roots/list`; with `onChange`, a 2025-era session sends `roots/list_changed`. */
  roots?: RootsHandler | undefined;
  /** The host renders MCP Apps: the `io.modelcontextprotocol/ui` extension is declared. */
  apps?: boolean | undefined;
}

/** A resource or prompt notification of either era. */
export type CatalogEvent =
  | { type: "resources-changed" }
  | { type: "templates-changed" }
  | { type: "prompts-changed" }
  | { type: "resource-updated"; uri: string };
