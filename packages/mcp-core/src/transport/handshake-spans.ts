/**
 * The handshake's requests as CLIENT spans (SPEC §21.1): each `initialize` (2025 era) and
 * `server/discover` (the 2026 era's discovery, its probe included) the client sends while a session
 * opens is a span under the context the open began in, its context in `params._meta` and, over
 * HTTP, the headers. A transport part: the SDK client sends these requests itself, so the span
 * starts when the message goes out and ends when its answer (or its end) comes back.
 * @module
 */
import { type JSONRPCMessage, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/client";
import { type Context, context } from "@opentelemetry/api";
import type { ServerConfig } from "../config/server-config.js";
import { isObject } from "../is-object.js";
import {
  type ClientSpan,
  endClientSpan,
  type RequestOutcome,
  startClientSpan,
} from "../tracing/client-span.js";
import { serverAttributes } from "../tracing/mcp-attributes.js";
import type { TransportPart } from "./interposed-transport.js";

const HANDSHAKE_METHODS: ReadonlySet<string> = new Set(["initialize", "server/discover"]);

/**
 * The part that traces `config`'s handshake requests under `parent` (the context the open began
 * in). `sessionId` reads the transport's `Mcp-Session-Id`, known once `initialize` is answered.
 */
export function handshakeSpans(
  config: ServerConfig,
  sessionId: () => string | undefined,
  parent: Context = context.active(),
): TransportPart {
  const pending = new Map<string, ClientSpan>();
  const end = (id: string, outcome: RequestOutcome) => {
    const started = pending.get(id);
    if (started === undefined) return;
    pending.delete(id);
    endClientSpan(started, outcome);
  };
  return {
    send(message, options, next) {
      const request = message as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
      // Past the handshake (nothing pending) a message costs two comparisons: the call path's cost.
      if (request.method === "notifications/cancelled" && pending.size > 0) {
        const { requestId, reason } = request.params ?? {};
        const why = typeof reason === "string" && /timed? ?out/i.test(reason) ? "timeout" : "cancelled";
        end(String(requestId), { errorType: why });
        return next(message, options);
      }
      if (
        request.id === undefined ||
        typeof request.method !== "string" ||
        !HANDSHAKE_METHODS.has(request.method)
      )
        return next(message, options);
      // A handshake request still unanswered when the next goes out was given up (a silent probe).
      for (const id of [...pending.keys()]) end(id, { errorType: "timeout" });
      const params = request.params ?? {};
      const started = startClientSpan(
        request.method,
        undefined,
        () => ({ ...serverAttributes(config, undefined), ...versionOf(request.method as string, params) }),
        parent,
      );
      if (started === undefined) return next(message, options);
      const id = String(request.id);
      pending.set(id, started);
      const { carrier } = started;
      const meta = isObject(params._meta) ? params._meta : undefined;
      const traced = carrier
        ? ({ ...message, params: { ...params, _meta: { ...meta, ...carrier } } } as JSONRPCMessage)
        : message;
      const tracedOptions = carrier ? { ...options, headers: { ...options?.headers, ...carrier } } : options;
      return next(traced, tracedOptions).catch((error: unknown) => {
        end(id, sendOutcome(error));
        throw error;
      });
    },
    receive(message) {
      const response = message as { id?: unknown; result?: unknown; error?: unknown };
      if (pending.size === 0 || response.id === undefined || !pending.has(String(response.id)))
        return message;
      const id = String(response.id);
      const started = pending.get(id) as ClientSpan;
      if (isObject(response.error)) {
        const { code, message: text } = response.error;
        const rpcCode = Number.isInteger(code) ? (code as number) : undefined;
        const errorType = rpcCode === undefined ? "_OTHER" : String(rpcCode);
        end(id, { errorType, rpcCode, message: typeof text === "string" ? text.slice(0, 200) : undefined });
        return message;
      }
      const answered: Record<string, string> = {};
      const result = isObject(response.result) ? response.result : {};
      if (typeof result.protocolVersion === "string")
        answered["mcp.protocol.version"] = result.protocolVersion.slice(0, 64);
      const session = sessionId();
      if (session) answered["mcp.session.id"] = session;
      started.span.setAttributes(answered);
      Object.assign(started.attributes, answered);
      end(id, {});
      return message;
    },
    closedTransport() {
      for (const id of [...pending.keys()]) end(id, { errorType: "connection_closed" });
    },
  };
}

/** The revision the request was made in: `initialize`'s `protocolVersion`, a discovery's envelope's. */
function versionOf(method: string, params: Record<string, unknown>): Record<string, string> {
  const meta = isObject(params._meta) ? params._meta : {};
  const version = method === "initialize" ? params.protocolVersion : meta[PROTOCOL_VERSION_META_KEY];
  return typeof version === "string" ? { "mcp.protocol.version": version.slice(0, 64) } : {};
}

/** A request the transport could not send: an HTTP status, or the error's code or class name. */
function sendOutcome(error: unknown): RequestOutcome {
  const status = (error as { data?: { status?: unknown } } | null)?.data?.status;
  if (typeof status === "number") return { errorType: String(status) };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(code))
    return { errorType: code.toLowerCase() };
  return { errorType: error instanceof Error ? error.name : "_OTHER" };
}
