/**
 * A definition drift in the trace (SPEC §21.1): each drift the gate reports is a short INTERNAL
 * span of its own, `toolnexus.mcp.tools.drift`, under the `tools/list` request whose listing it
 * gated. Not an event on that request's span: the span has ended (its duration is the request's)
 * by the time the whole listing is gated, and OpenTelemetry is phasing out the span-event API for
 * log-based events, which the core cannot emit with `@opentelemetry/api` alone. Its attributes are
 * counts and the policy, never a definition's text (a description is the server's, and may be an
 * attack). Without a tracer provider no listing is noted and the span is the API's non-recording one.
 * @module
 */
import { context, type SpanContext, SpanKind, trace } from "@opentelemetry/api";
import type { ServerConfig } from "../config/server-config.js";
import type { McpDrift } from "../drift-types.js";
import { type ClientSpan, tracerNow } from "./client-span.js";
import { SERVER_NAME_ATTRIBUTE } from "./mcp-attributes.js";

/** The span's name: ours, as the conventions name no drift. */
export const DRIFT_SPAN = "toolnexus.mcp.tools.drift";

/** The last `tools/list` page request of each server, until a drift gate of a fetched listing reads it. */
const lastListing = new WeakMap<ServerConfig, SpanContext>();

/** Notes `started`, a `tools/list` page request of `config`: the last is the listing's. */
export function noteListingSpan(config: ServerConfig, started: ClientSpan): void {
  lastListing.set(config, started.span.spanContext());
}

/**
 * Runs `announce` (the gate's report to the host) inside the span of `drift`: a child of the last
 * `tools/list` request of `config` when `fetched` (the listing gated came from the server in this
 * process), else of the active context (an approval, a cached or pushed listing). The host's
 * `onDrift` runs in it, so what it traces is the drift's child.
 */
export function withDriftSpan(
  config: ServerConfig,
  drift: McpDrift,
  fetched: boolean,
  announce: () => void,
): void {
  const listing = fetched ? lastListing.get(config) : undefined;
  lastListing.delete(config);
  const active = context.active();
  const parent = listing === undefined ? active : trace.setSpanContext(active, listing);
  const span = tracerNow().startSpan(DRIFT_SPAN, { kind: SpanKind.INTERNAL }, parent);
  if (span.isRecording()) {
    // Under `block` every listed tool is withdrawn (`held` names them all): counted as blocked.
    const out = drift.held.length;
    span.setAttributes({
      [SERVER_NAME_ATTRIBUTE]: config.name,
      "toolnexus.mcp.drift.policy": drift.policy,
      "toolnexus.mcp.drift.added": drift.added.length,
      "toolnexus.mcp.drift.removed": drift.removed.length,
      "toolnexus.mcp.drift.changed": drift.changed.length,
      "toolnexus.mcp.drift.held": drift.blocked ? 0 : out,
      "toolnexus.mcp.drift.blocked": drift.blocked ? out : 0,
    });
  }
  try {
    context.with(trace.setSpan(parent, span), announce);
  } finally {
    span.end();
  }
}
