/**
 * The W3C trace context of a span, written as the MCP `params._meta` keys (SEP-414: `traceparent`,
 * `tracestate`, `baggage`, unprefixed) and, on Streamable HTTP, as the same-named request headers.
 * @module
 */
import {
  type Context,
  isSpanContextValid,
  propagation,
  type SpanContext,
  TraceFlags,
} from "@opentelemetry/api";

/** The trace keys a request carries; `tracestate` and `baggage` only when there are any. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
  baggage?: string;
}

/** The keys this library writes into `_meta` and headers; a host's own `_meta` never overrides them. */
export const TRACE_KEYS = ["traceparent", "tracestate", "baggage"] as const;

/**
 * The carrier of `spanContext` (and the baggage of `ctx`), or undefined for an invalid span context
 * (no tracer provider, no parent): then nothing is added to the request.
 *
 * Written here, not through the host's propagator: SEP-414 names exactly these W3C keys, and a
 * host without a registered propagator (the API's default is a no-op) still gets them.
 */
export function traceCarrier(spanContext: SpanContext, ctx: Context): TraceCarrier | undefined {
  if (!isSpanContextValid(spanContext)) return undefined;
  const flags = (spanContext.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? "01" : "00";
  const carrier: TraceCarrier = {
    traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`,
  };
  const state = spanContext.traceState?.serialize();
  if (state) carrier.tracestate = state;
  const baggage = propagation.getBaggage(ctx);
  if (baggage) {
    const entries = baggage.getAllEntries().map(([key, entry]) => {
      const value = `${encodeURIComponent(key)}=${encodeURIComponent(entry.value)}`;
      return entry.metadata ? `${value};${entry.metadata.toString()}` : value;
    });
    if (entries.length > 0) carrier.baggage = entries.join(",");
  }
  return carrier;
}
