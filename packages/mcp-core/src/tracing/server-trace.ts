/**
 * A server-to-client request (elicitation, sampling) that carries trace context in `params._meta`
 * (SEP-414) runs the host's handler under that context, so what the host does for it joins the
 * server's trace (SPEC §21.4). The server is untrusted: only a well-formed version-00
 * `traceparent` with non-zero ids is taken, and `tracestate` only beside it.
 * @module
 */
import { context, createTraceState, trace } from "@opentelemetry/api";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZEROS = /^0+$/;
/** W3C's limit on a `tracestate` header (512 characters); a longer one is dropped, not cut. */
const MAX_TRACESTATE = 512;

/** Runs `handle` under the trace context `params._meta` carries, or as it is without a valid one. */
export function withServerTrace<T>(params: unknown, handle: () => T): T {
  const meta = (params as { _meta?: unknown } | undefined)?._meta as Record<string, unknown> | undefined;
  const traceparent = meta?.traceparent;
  if (typeof traceparent !== "string") return handle();
  const parsed = TRACEPARENT.exec(traceparent);
  if (!parsed) return handle();
  const [, traceId = "", spanId = "", flags = "00"] = parsed;
  if (ZEROS.test(traceId) || ZEROS.test(spanId)) return handle();
  const state = meta?.tracestate;
  const traceState =
    typeof state === "string" && state.length <= MAX_TRACESTATE ? createTraceState(state) : undefined;
  const remote = trace.setSpanContext(context.active(), {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & 1,
    isRemote: true,
    ...(traceState && { traceState }),
  });
  return context.with(remote, handle);
}
