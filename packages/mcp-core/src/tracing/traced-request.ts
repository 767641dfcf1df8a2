/**
 * A request other than `tools/call` (`resources/read`, `prompts/get`) as a CLIENT span (SPEC §21.1):
 * its context goes into the request's `params._meta` and, over HTTP, its headers; the span ends
 * when the request settles, with `error.type` when it failed. Without a tracer provider the request
 * is sent as it is.
 * @module
 */
import { ProtocolError, type RequestOptions, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Attributes } from "@opentelemetry/api";
import type { ServerConfig } from "../config/server-config.js";
import { endClientSpan, type RequestOutcome, startClientSpan } from "./client-span.js";
import { noteListingSpan } from "./drift-span.js";
import { type SessionFacts, serverAttributes } from "./mcp-attributes.js";

/** One request: its method, the span name's target (a low-cardinality name) and its own attributes. */
export interface TracedRequest {
  method: string;
  target?: string | undefined;
  params: Record<string, unknown>;
  attributes?: Attributes | undefined;
}

/** Sends `request` through `send` inside its span. */
export function tracedRequest<T>(
  config: ServerConfig,
  session: SessionFacts,
  request: TracedRequest,
  options: RequestOptions,
  send: (request: { method: string; params: Record<string, unknown> }, options: RequestOptions) => Promise<T>,
): Promise<T> {
  const { method, params } = request;
  const started = startClientSpan(method, request.target, () => ({
    ...request.attributes,
    ...serverAttributes(config, session),
  }));
  if (started === undefined) return send({ method, params }, options);
  // The drift gate's span goes under the listing's last page (`drift-span.ts`).
  if (method === "tools/list") noteListingSpan(config, started);
  const { carrier } = started;
  const meta = params._meta as Record<string, unknown> | undefined;
  const traced = carrier ? { ...params, _meta: { ...meta, ...carrier } } : params;
  const tracedOptions = carrier ? { ...options, headers: { ...options.headers, ...carrier } } : options;
  return send({ method, params: traced }, tracedOptions).then(
    (value) => {
      endClientSpan(started, {});
      return value;
    },
    (error: unknown) => {
      endClientSpan(started, requestOutcome(error));
      throw error;
    },
  );
}

/**
 * A failed request: its JSON-RPC code (the status says the server's message), `timeout`, or the
 * error's stable code or class name. Our own errors' texts stay out of the span: they are redacted
 * only where the call's result is made.
 */
function requestOutcome(error: unknown): RequestOutcome {
  if (error instanceof ProtocolError && Number.isInteger(error.code)) {
    return { errorType: String(error.code), rpcCode: error.code, message: error.message };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return { errorType: "timeout" };
  const code = (error as { code?: unknown } | null)?.code;
  const errorType =
    typeof code === "string" ? code.toLowerCase() : error instanceof Error ? error.name : "_OTHER";
  return { errorType };
}
