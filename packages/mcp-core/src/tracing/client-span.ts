/**
 * One MCP request as an OpenTelemetry CLIENT span (GenAI semantic conventions v0.1.0, SPEC
 * "Tracing"), nested under the host's active context, and the `mcp.client.operation.duration`
 * histogram. Without a registered tracer provider the API hands out a non-recording span with an
 * invalid context: the request then carries no trace keys and nothing else is done.
 * @module
 */
import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  type MeterProvider,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import { type TraceCarrier, traceCarrier } from "./trace-carrier.js";

const SCOPE = "@toolnexus/mcp-core";
let current: { provider: TracerProvider; tracer: Tracer } | undefined;
let duration: { provider: MeterProvider; histogram: Histogram } | undefined;

/** A started request span and what the request carries for it. */
export interface ClientSpan {
  readonly span: Span;
  /** The trace keys for `params._meta` and the HTTP headers; absent without a valid span context. */
  readonly carrier: TraceCarrier | undefined;
  readonly attributes: Attributes;
  readonly startedAt: number;
  /** Run when the span ends: it is no longer its server's request in flight (`server-events.ts`). */
  release?: (() => void) | undefined;
}

/**
 * Starts the CLIENT span `"{method} {target}"` (or `"{method}"`) under `parent` (the host's active
 * context by default); undefined when there is no tracer provider (a non-recording span with no
 * valid context), so the caller adds nothing to its request.
 */
export function startClientSpan(
  method: string,
  target: string | undefined,
  attributes: () => Attributes,
  parent: Context = context.active(),
): ClientSpan | undefined {
  const name = target === undefined ? method : `${method} ${target}`;
  return startSpanNamed(name, () => ({ "mcp.method.name": method, ...attributes() }), parent);
}

/**
 * Starts the CLIENT span `name` with `attributes` (built only when it records) under `parent`;
 * undefined without a tracer provider. {@link startClientSpan} for an MCP request; the token
 * request's span (`token-span.ts`) is not one.
 */
export function startSpanNamed(
  name: string,
  attributes: () => Attributes,
  parent: Context = context.active(),
): ClientSpan | undefined {
  const span = tracerNow().startSpan(name, { kind: SpanKind.CLIENT }, parent);
  const carrier = traceCarrier(span.spanContext(), parent);
  // Without a provider: one non-recording span and nothing more (the attributes are never built).
  if (!span.isRecording() && carrier === undefined) return undefined;
  const all = attributes();
  span.setAttributes(all);
  return { span, carrier, attributes: all, startedAt: performance.now() };
}

/**
 * Runs `fn` with `started`'s span as the active one, so the requests made for it (a task's polls)
 * are its children; as it is without a span.
 */
export function withinSpan<T>(started: ClientSpan | undefined, fn: () => T): T {
  return started === undefined ? fn() : context.with(trace.setSpan(context.active(), started.span), fn);
}

/** How a request ended, for `error.type`, `rpc.response.status_code` and the span status. */
export interface RequestOutcome {
  /** `error.type`: the JSON-RPC error code, `tool_error`, `timeout`, or our stable code. */
  errorType?: string | undefined;
  /** The JSON-RPC error code, when the server answered with one. */
  rpcCode?: number | undefined;
  /** The status description: the JSON-RPC error's message, else ours (redacted). */
  message?: string | undefined;
}

/**
 * Ends the span with its outcome and records the operation's duration (seconds) in
 * `mcp.client.operation.duration`, unless `measured` is false (a request that is no MCP operation).
 */
export function endClientSpan(started: ClientSpan, outcome: RequestOutcome, measured = true): void {
  const { span } = started;
  started.release?.();
  const recorded: Attributes = { ...started.attributes };
  if (outcome.rpcCode !== undefined) {
    span.setAttribute("rpc.response.status_code", String(outcome.rpcCode));
    recorded["rpc.response.status_code"] = String(outcome.rpcCode);
  }
  if (outcome.errorType !== undefined) {
    span.setAttribute("error.type", outcome.errorType);
    recorded["error.type"] = outcome.errorType;
    const { message } = outcome;
    span.setStatus(
      message === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message },
    );
  }
  span.end();
  if (measured) histogram().record((performance.now() - started.startedAt) / 1000, recorded);
}

/**
 * The tracer of the current tracer provider, made once per provider. Not one tracer made at import:
 * the API's proxy tracer keeps the first provider it delegated to, so a host that disables tracing
 * and registers another provider (a test suite, a host reconfiguring) would trace into the old one.
 * Without a provider this is the API's proxy provider, the same object until `trace.disable()`.
 */
export function tracerNow(): Tracer {
  const provider = trace.getTracerProvider();
  if (current?.provider !== provider) current = { provider, tracer: provider.getTracer(SCOPE) };
  return current.tracer;
}

/**
 * The histogram of the current meter provider, made once per provider: the metrics API has no
 * proxy, so an instrument made before the host registers its provider stays a no-op.
 */
function histogram(): Histogram {
  const provider = metrics.getMeterProvider();
  if (duration?.provider !== provider) {
    const histogram = provider.getMeter(SCOPE).createHistogram("mcp.client.operation.duration", {
      unit: "s",
      description: "The duration of the MCP request as observed on the client, from sent to answered.",
    });
    duration = { provider, histogram };
  }
  return duration.histogram;
}
