/**
 * The host's per-call `_meta` and headers (SPEC §23.1), checked and merged under the library's own:
 * a key the library writes, or may write, is never taken from the host. A host's context is often
 * filled from what one of its users sent (a tenant id, a run id, a header a browser passed on), so
 * a reserved key is dropped, not refused: the call goes out with the library's value or none.
 * @module
 */
import { isObject } from "../is-object.js";

/** The `_meta` and headers a call adds to its request, reserved keys taken out. */
export interface CallExtras {
  meta: Record<string, unknown> | undefined;
  headers: Record<string, string> | undefined;
}

/**
 * `_meta` keys the library writes: the progress token and the W3C trace context (SEP-414). A key
 * whose prefix names MCP (`io.modelcontextprotocol/…`, `dev.mcp/…`) is the protocol's (see
 * {@link isReservedMetaKey}).
 */
const OWN_META_KEYS = new Set(["progressToken", "traceparent", "tracestate", "baggage"]);

/**
 * Header names (lower case) the library or the transport sets, or that describe the connection
 * rather than the request. Every `mcp-…` header is the protocol's too (session, protocol version,
 * the 2026 era's method and parameter headers).
 */
const OWN_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "host",
  "accept",
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "expect",
  "last-event-id",
  "traceparent",
  "tracestate",
  "baggage",
]);

/** RFC 9110's token: what a header name may be. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value with no line break or NUL (anything else fetch would refuse, or split). */
const HEADER_VALUE = /^[^\r\n\0]*$/;

/**
 * Whether `key` is one of the library's `_meta` keys, or in a prefix MCP reserves: a prefix (the
 * part before the first `/`) one of whose labels is `modelcontextprotocol` or `mcp`.
 */
export function isReservedMetaKey(key: string): boolean {
  if (OWN_META_KEYS.has(key)) return true;
  const slash = key.indexOf("/");
  if (slash < 0) return false;
  return key
    .slice(0, slash)
    .split(".")
    .some((label) => label === "modelcontextprotocol" || label === "mcp");
}

/** Whether a header of this name is the library's, the transport's or the protocol's. */
export function isReservedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return OWN_HEADERS.has(lower) || lower.startsWith("mcp-") || lower.startsWith("proxy-");
}

/**
 * The call's extras from the context's `_meta` and `headers`, reserved keys dropped; a problem
 * (the call is then not sent) when either is not a plain object, `_meta` is not JSON, or a header
 * name or value could not be sent. Undefined when the context carries neither.
 */
export function callExtras(meta: unknown, headers: unknown): CallExtras | { problem: string } | undefined {
  if (meta === undefined && headers === undefined) return undefined;
  const ownMeta = meta === undefined ? undefined : metaExtras(meta);
  if (typeof ownMeta === "string") return { problem: ownMeta };
  const ownHeaders = headers === undefined ? undefined : headerExtras(headers);
  if (typeof ownHeaders === "string") return { problem: ownHeaders };
  return { meta: ownMeta, headers: ownHeaders };
}

function metaExtras(meta: unknown): Record<string, unknown> | string | undefined {
  if (!isPlainObject(meta)) return "_meta must be a plain object";
  let kept: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(meta)) {
    if (isReservedMetaKey(key) || value === undefined) continue;
    kept ??= {};
    kept[key] = value;
  }
  if (kept === undefined) return undefined;
  try {
    // Checked here so a cycle or a BigInt is the caller's problem, named, not a failed send.
    JSON.stringify(kept);
  } catch {
    return "_meta must be JSON (no cycle, no BigInt)";
  }
  return kept;
}

function headerExtras(headers: unknown): Record<string, string> | string | undefined {
  if (!isPlainObject(headers)) return "headers must be a plain object of strings";
  let kept: Record<string, string> | undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (!HEADER_NAME.test(name)) return `header name ${JSON.stringify(name)} is not a valid HTTP header name`;
    if (typeof value !== "string" || !HEADER_VALUE.test(value)) {
      // The value is left out of the message: a header may carry a credential.
      return `header "${name}" must be a string with no line break`;
    }
    if (isReservedHeader(name)) continue;
    kept ??= {};
    kept[name] = value;
  }
  return kept;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value) || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
