/**
 * The one place that reads the MCP client's errors. The v2 client reports a timeout and an abort
 * with the same code, an unsupported protocol version either as a JSON-RPC error or inside an HTTP
 * error's body text, and a missing Streamable HTTP endpoint as an HTTP status; the rest of the core
 * asks these questions instead of knowing the client's error classes.
 * @module
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { boundedText } from "../bounded-text.js";
import { isMcpCoreError } from "../errors.js";
import { invalidResultText } from "../invalid-result.js";
import { describeFetchFailure, shownUrl } from "./fetch-failure.js";

/** The longest HTTP error body quoted in a start failure, in characters. */
const MAX_BODY_TEXT = 1000;

/**
 * What a failed connect is reported by: our own error when the client wrapped one (a header
 * function), else the error with what failed said in words: an HTTP error's status and the body
 * the server sent (its own explanation; redacted later like everything else), and, for a remote
 * server, the URL (`url`, shown without credentials or query) when the message does not name it.
 */
export function connectFailureCause(error: unknown, url?: string): unknown {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (isMcpCoreError(e)) return e;
  }
  if (!(error instanceof Error)) return error;
  // A fetch no transport described (an OAuth discovery's): its cause said in words too.
  let message =
    error instanceof TypeError && error.message === "fetch failed"
      ? describeFetchFailure(error).message
      : error.message;
  if (error instanceof SdkHttpError) {
    const text = (error.data as { text?: unknown } | undefined)?.text;
    if (typeof text === "string" && text.trim() !== "") {
      // The client's own message may quote the whole body (as large as a frame): the quote is cut too.
      const quoted = boundedText(text.trim(), MAX_BODY_TEXT);
      if (!message.includes(text)) message = `${message}: ${quoted}`;
      else if (quoted !== text.trim()) message = message.replace(text, () => quoted);
    }
    if (!message.includes(`HTTP ${error.status}`)) message = `HTTP ${error.status}: ${message}`;
  }
  const where = url === undefined ? undefined : shownUrl(url);
  if (where !== undefined && !message.includes(where)) message = `${message} at ${where}`;
  return message === error.message ? error : new Error(message, { cause: error });
}

/** JSON-RPC code of "unsupported protocol version" (protocol revision 2026-07-28). */
const UNSUPPORTED_VERSION = -32022;
/** The most versions quoted from a server's `supported` list. */
const MAX_VERSIONS = 8;

/** A request that ran out of time or was aborted (the client says both the same way). */
export function isRequestTimeout(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** The transport closed while the request was pending. */
export function isConnectionClosed(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed;
}

/** JSON-RPC "method not found". */
export const METHOD_NOT_FOUND = -32601;

/** A JSON-RPC error the server answered with: its code and message. */
export function serverError(error: unknown): { code: number; message: string } | undefined {
  return error instanceof ProtocolError ? { code: error.code, message: error.message } : undefined;
}

/** The negotiation itself failed (a pin the server does not offer, a probe the server closed on). */
export function isEraNegotiationFailure(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed;
}

/**
 * An open that may have failed because the era it assumed is wrong: the server refused the version,
 * the negotiation failed, the server answered with a JSON-RPC error or an HTTP 400/404 (a request of
 * the other era), or with a result the assumed era cannot read (a 2025-era server answers a
 * 2026-era `tools/list` without its required fields). Looks through the causes of a classified
 * start failure.
 */
export function isEraMismatch(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === "PROTOCOL_UNSUPPORTED") return true;
    if (isEraNegotiationFailure(e) || e instanceof ProtocolError) return true;
    if (invalidResultText(e) !== undefined) return true;
    const status = httpStatus(e);
    if (status === 400 || status === 404) return true;
  }
  return false;
}

/** The HTTP status of a failed request the client reports as an HTTP error. */
export function httpStatus(error: unknown): number | undefined {
  return error instanceof SdkHttpError ? error.status : undefined;
}

/**
 * The versions a server says it supports when it rejected ours (`-32022`), from a JSON-RPC error
 * or from the body of the HTTP 400 that carried it; undefined for any other error.
 */
export function unsupportedVersionList(error: unknown): string[] | undefined {
  if (error instanceof ProtocolError && error.code === UNSUPPORTED_VERSION) return versionsOf(error.data);
  if (error instanceof SdkHttpError) {
    const body = parseJson((error.data as { text?: unknown } | undefined)?.text);
    const inner = (body as { error?: { code?: unknown; data?: unknown } } | undefined)?.error;
    if (inner?.code === UNSUPPORTED_VERSION) return versionsOf(inner.data);
  }
  return undefined;
}

function versionsOf(data: unknown): string[] {
  const supported = (data as { supported?: unknown } | null | undefined)?.supported;
  if (!Array.isArray(supported)) return [];
  // Server text, quoted back in messages: only short version-shaped strings, and not too many.
  return supported
    .filter((v): v is string => typeof v === "string" && /^[\w.-]{1,32}$/.test(v))
    .slice(0, MAX_VERSIONS);
}

function parseJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
