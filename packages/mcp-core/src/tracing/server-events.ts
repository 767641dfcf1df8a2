/**
 * A server's lifecycle in the traces of the requests it holds up (SPEC §21.1): a public state
 * change (a crash, a restart, needs-auth, an error) while requests of that server are in flight is
 * a span event on each of their spans. Span events, not log records: the core depends on
 * `@opentelemetry/api` only, which has no logs API. Without a tracer provider no span is in flight,
 * so a state change costs one lookup.
 * @module
 */
import type { Attributes } from "@opentelemetry/api";
import type { ServerConfig } from "../config/server-config.js";
import type { ConnectionState, StateInfo } from "../server-state-types.js";
import type { ClientSpan } from "./client-span.js";

/** The span event's name: ours, as the conventions name no lifecycle event. */
export const STATE_EVENT = "toolnexus.mcp.server.state";

const inFlight = new WeakMap<ServerConfig, Set<ClientSpan>>();

/** Notes `started` as one of `config`'s requests in flight until its span ends. */
export function trackServerSpan(config: ServerConfig, started: ClientSpan | undefined): void {
  if (started === undefined) return;
  let spans = inFlight.get(config);
  if (spans === undefined) {
    spans = new Set();
    inFlight.set(config, spans);
  }
  const held = spans;
  held.add(started);
  started.release = () => held.delete(started);
}

/**
 * Adds the state change to the spans of `config`'s requests in flight: the new and previous state,
 * the reason and a restart's attempt. Never the error's text (it may name what the host keeps).
 */
export function serverStateEvent(config: ServerConfig, state: ConnectionState, info: StateInfo): void {
  const spans = inFlight.get(config);
  if (spans === undefined || spans.size === 0) return;
  const attributes: Attributes = {
    "toolnexus.mcp.server.state": state,
    "toolnexus.mcp.server.state.previous": info.previous,
    "toolnexus.mcp.server.state.reason": info.reason,
  };
  if (info.attempt !== undefined) attributes["toolnexus.mcp.server.restart.attempt"] = info.attempt;
  for (const started of spans) started.span.addEvent(STATE_EVENT, attributes);
}
