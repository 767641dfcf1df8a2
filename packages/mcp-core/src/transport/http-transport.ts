/**
 * Streamable HTTP (and legacy SSE) client transports with a fetch that resolves headers per
 * request and reports a lost session or an unreachable server, which the SDK transport does not.
 * @module
 */
import {
  type FetchLike,
  SSEClientTransport,
  SseError,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { withoutServerText } from "../auth/auth-message.js";
import { withProviderSdkWarnings } from "../auth/sdk-warnings.js";
import type { ServerAuth } from "../auth/server-auth.js";
import { boundedResponse } from "../bounded-body.js";
import { McpCoreError } from "../errors.js";
import { describeFetchFailure } from "./fetch-failure.js";
import { GetStreamFloors, type GetStreamRoute } from "./get-stream-floors.js";
import { httpStatus } from "./protocol-errors.js";
import { isEventStream, withEventIdTap } from "./sse-event-ids.js";
import { SDK_RECONNECTION_OPTIONS } from "./stream-reconnect-floor.js";

/** How to reach a remote server. */
export interface HttpTransportParams {
  server: string;
  url: string;
  /** Resolved for every request, so rotating tokens need no reconnect. */
  headers: () => Promise<Record<string, string>>;
  /** OAuth: the provider the transport asks for tokens, and the fetch that refreshes once on a 401. */
  auth: Pick<ServerAuth, "provider" | "wrapFetch"> | undefined;
  /**
   * Called when the session is lost (404 on a request carrying a session id), the server is
   * unreachable, or an event of an event stream is larger than `maxFrameBytes`.
   */
  onFatal: (error: McpCoreError) => void;
  /** The most bytes of a JSON response body, or of one event of an event stream. */
  maxFrameBytes: number;
}

type Mode = "streamable" | "sse";

function monitoredFetch(params: HttpTransportParams, mode: Mode): FetchLike {
  const floors = mode === "streamable" ? new GetStreamFloors() : undefined;
  const fatal = (code: "CONNECTION_CLOSED" | "SESSION_LOST", message: string, cause?: Error) =>
    params.onFatal(
      new McpCoreError(code, `MCP server "${params.server}" ${message}`, { server: params.server, cause }),
    );
  const serverOrigin = new URL(params.url).origin;
  return async (url, init) => {
    // A request elsewhere is the SDK's OAuth discovery or token request after a 401, to an
    // authorization server the server named: the configured headers are the server's alone, and
    // that request's failure is not the session's.
    if (new URL(url).origin !== serverOrigin) return fetch(url, init);
    const method = init?.method ?? "GET";
    const headers = new Headers(init?.headers);
    // A GET is the notification stream's or the resumption of a response stream (by its Last-Event-ID).
    const route = floors && method === "GET" ? floors.route(headers.get("last-event-id")) : undefined;
    if (route) await waitForFloor(route, init?.signal ?? undefined, fatal);
    for (const [name, value] of Object.entries(await params.headers())) headers.set(name, value);
    // A legacy SSE endpoint carries its session in the query: a POST there is always session-bound.
    const sessionBound = headers.has("mcp-session-id") || (mode === "sse" && method === "POST");
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers });
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const failure = describeFetchFailure(error, String(url));
      fatal("CONNECTION_CLOSED", `is unreachable: ${failure.message}`, failure);
      throw failure;
    } finally {
      route?.floor.afterGet();
    }
    if (response.status === 404 && sessionBound && method !== "DELETE") {
      fatal("SESSION_LOST", "no longer knows this session (HTTP 404)");
    }
    const bounded = boundedResponse(response, params.maxFrameBytes, (seen, kind) => {
      const { server, maxFrameBytes } = params;
      const error = new McpCoreError(
        "FRAME_TOO_LARGE",
        `MCP server "${server}" sent a message larger than maxFrameBytes (${maxFrameBytes} bytes; at least ${seen} seen)`,
        { server },
      );
      // A JSON body fails its own request; an event stream's requests would wait for their timeout.
      if (kind === "event-stream") params.onFatal(error);
      return error;
    });
    // The ids on a POST's event stream name a new response stream; on a resumption, the one it resumes.
    if (route?.onEventId) return withEventIdTap(bounded, route.onEventId);
    if (floors && method === "POST" && isEventStream(bounded))
      return withEventIdTap(bounded, floors.responseStream());
    return bounded;
  };
}

/** Waits the floor's delay before a GET, or ends the stream (and the session) when it dropped too often. */
async function waitForFloor(
  route: GetStreamRoute,
  signal: AbortSignal | undefined,
  fatal: (code: "CONNECTION_CLOSED", message: string) => void,
): Promise<void> {
  const decision = route.floor.beforeGet();
  if ("exhausted" in decision) {
    const message =
      route.stream === "notification"
        ? `closed its notification stream right after opening it ${decision.quickDrops} times in a row`
        : `closed a response stream right after resuming it ${decision.quickDrops} times in a row`;
    fatal("CONNECTION_CLOSED", message);
    throw new Error(`MCP ${route.stream} stream given up: ${message}`);
  }
  if (decision.delayMs > 0) await abortableDelay(decision.delayMs, signal);
}

function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      done();
      reject(signal?.reason ?? new Error("aborted"));
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    // Nobody awaits a reconnect on the host's behalf: it must not keep the process alive.
    timer.unref();
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * A legacy SSE transport whose event stream is its session: when the stream ends or fails after
 * it opened, the session is reported lost and the transport closed, instead of letting the
 * EventSource reconnect on its own (a reconnect opens a new, uninitialized session on the server
 * while our requests still name the old one).
 */
function legacySseTransport(params: HttpTransportParams): Transport {
  const transport = new SSEClientTransport(
    new URL(params.url),
    authorized(params, monitoredFetch(params, "sse")),
  );
  // The session transport around this one chains an onerror set before it: this sees every error.
  transport.onerror = (error) => {
    if (!isEventStreamError(error)) return;
    const detail = /^SSE error: (undefined)?$/.test(error.message) ? "" : ` (${error.message})`;
    params.onFatal(
      new McpCoreError(
        "CONNECTION_CLOSED",
        `MCP server "${params.server}" ended its SSE event stream${detail}`,
        {
          server: params.server,
          cause: error,
        },
      ),
    );
    void transport.close().catch(() => {});
  };
  return transport;
}

/** The SDK's SSE transport reports every EventSource error (end, failure, reconnect) as an `SseError`. */
function isEventStreamError(error: Error): boolean {
  return error instanceof SseError;
}

/** The transport's fetch and, with OAuth, its provider: a 401 is refreshed once (single-flight) and retried. */
function authorized(params: HttpTransportParams, fetch: FetchLike) {
  const { auth } = params;
  return auth ? { fetch: auth.wrapFetch(fetch), authProvider: auth.provider } : { fetch };
}

/**
 * With OAuth, the transport's operations (whose 401 and 403 handling calls the SDK's `auth()`) run
 * where the SDK's console warnings reach the server's warning channel, and an OAuth error they
 * throw carries the authorization server's text escaped and bounded.
 */
function withSdkWarningsRouted(transport: Transport, auth: HttpTransportParams["auth"]): Transport {
  if (!auth) return transport;
  const { send, start } = transport;
  const routed = (call: () => Promise<void>) =>
    withProviderSdkWarnings(auth.provider, call).catch((error: unknown) => {
      throw withoutServerText(error);
    });
  transport.send = (...args) => routed(() => send.apply(transport, args));
  transport.start = () => routed(() => start.call(transport));
  return transport;
}

/** A transport for `mode`; "streamable" reports a dead notification stream as fatal. */
export function createHttpTransport(params: HttpTransportParams, mode: Mode): Transport {
  if (mode === "sse") return withSdkWarningsRouted(legacySseTransport(params), params.auth);
  const transport = new StreamableHTTPClientTransport(new URL(params.url), {
    ...authorized(params, monitoredFetch(params, "streamable")),
    reconnectionOptions: { ...SDK_RECONNECTION_OPTIONS },
  });
  return withSdkWarningsRouted(transport, params.auth);
}

/** True when a failed Streamable HTTP connect means "try legacy SSE" (the POST got 400/404/405). */
export function shouldFallBackToSse(error: unknown): boolean {
  return isNoEndpointStatus(httpStatus(error));
}

function isNoEndpointStatus(status: number | undefined): boolean {
  return status === 400 || status === 404 || status === 405;
}

/**
 * Why a Streamable HTTP server could not be reached when the legacy SSE fallback failed too. A
 * fallback GET answered like the POST (400/404/405) means no MCP endpoint at the URL, said in HTTP
 * terms rather than as the SDK's "SSE error" about a protocol the server never claimed.
 */
export function sseFallbackFailure(streamable: unknown, fallback: unknown): unknown {
  if (!(fallback instanceof SseError) || !isNoEndpointStatus(fallback.code)) return fallback;
  return new Error(
    `no MCP endpoint at this URL (HTTP ${httpStatus(streamable)} to the Streamable HTTP POST, HTTP ${fallback.code} to the legacy SSE GET)`,
    { cause: fallback },
  );
}

/** True for the transport error that says the GET stream gave up reconnecting. */
export function isStreamExhausted(error: Error): boolean {
  return /Maximum reconnection attempts/.test(error.message);
}
