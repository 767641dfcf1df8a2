/**
 * The fetch of everything the OAuth side of one server reads: discovery, registration, token and
 * refresh requests, whether the provider makes them or the transport's `auth()` after a 401. Every
 * URL passes the rule of `auth-url-policy.ts` before any connection is opened, and one off the
 * configured origin goes through the address rule's fetch (`address-rule.ts`); the runtime never
 * follows a redirect (the SDK follows same-origin ones itself, each hop through this fetch again);
 * every response but the MCP endpoint's own is a document read whole, so it is bounded in size.
 * @module
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import { boundedDocument } from "../bounded-body.js";
import { McpCoreError } from "../errors.js";
import { addressCheckedFetch } from "./address-checked-fetch.js";
import { addressRule } from "./address-rule.js";
import { isAllowedAuthUrl, parsedUrl, refusedAuthUrl } from "./auth-url-policy.js";
import { safeOrigin } from "./safe-origin.js";
import { timedFetch } from "./timed-fetch.js";

/** The most bytes of one OAuth document (metadata, registration, token response). */
export const DEFAULT_MAX_AUTH_DOCUMENT_BYTES = 256 * 1024;

/** Default bound of one discovery, token or refresh request. */
export const DEFAULT_AUTH_REQUEST_TIMEOUT_MS = 30_000;

/** Whose OAuth requests a guarded fetch carries. */
export interface AuthFetchGuard {
  /** The server's name, for messages. */
  server: string;
  /** The configured server URL: its origin is the config author's. */
  serverUrl: string;
  /**
   * For the transport's fetch: requests to the MCP endpoint itself (the configured URL) pass as
   * they are (the transport bounds its own frames). The provider's fetch never talks MCP.
   * @default false
   */
  passEndpoint?: boolean | undefined;
  /** @default DEFAULT_MAX_AUTH_DOCUMENT_BYTES */
  maxDocumentBytes?: number | undefined;
  /**
   * The fetch of requests off the configured server's origin: URLs a server or its authorization
   * server chose, whose network addresses it checks (`address-checked-fetch.ts`). Requests on the
   * configured origin, the config author's, go through `base`. @default base
   */
  elsewhere?: FetchLike | undefined;
}

/**
 * The SDK's discovery swallows any error but a `TypeError` from a protected-resource metadata fetch
 * (it then guesses the authorization server from the server's origin and carries on). A refusal
 * must end the flow instead, so it travels as a `TypeError` whose cause is the `McpCoreError` the
 * core reports (a start failure is classified by the `McpCoreError` in its cause chain).
 */
export function unswallowable(error: McpCoreError): TypeError {
  return new TypeError(error.message, { cause: error });
}

/** `base` with the URL rule checked before each request and every OAuth document bounded. */
export function guardedFetch(guard: AuthFetchGuard, base: FetchLike = fetch): FetchLike {
  const configured = new URL(guard.serverUrl);
  const endpoint = guard.passEndpoint ? configured : undefined;
  const maxBytes = guard.maxDocumentBytes ?? DEFAULT_MAX_AUTH_DOCUMENT_BYTES;
  const refuse = (message: string) =>
    unswallowable(
      new McpCoreError("AUTH_FAILED", `MCP server "${guard.server}": ${message}`, { server: guard.server }),
    );
  return async (input, init) => {
    const url = parsedUrl(input);
    if (endpoint && url?.origin === endpoint.origin && url.pathname === endpoint.pathname)
      return base(input, init);
    if (!url) throw refuse("refused an OAuth request to a URL that does not parse");
    if (!isAllowedAuthUrl(url, guard.serverUrl))
      throw unswallowable(refusedAuthUrl(guard.server, url, "an OAuth request to"));
    const redirect = init?.redirect === "error" ? "error" : "manual";
    const send = guard.elsewhere && url.origin !== configured.origin ? guard.elsewhere : base;
    const response = await send(input, { ...init, redirect });
    return boundedDocument(response, maxBytes, (seen) =>
      refuse(
        `${safeOrigin(url)} sent an OAuth document larger than ${maxBytes} bytes (at least ${seen} seen)`,
      ),
    );
  };
}

/**
 * The guard of one server's OAuth requests: those off its configured origin go through the address
 * rule (`address-rule.ts`), each bounded to `requestTimeoutMs`.
 */
export function serverFetchGuard(
  params: { server: string; url: string; requestTimeoutMs?: number | undefined },
  allowPrivateHosts?: readonly string[],
): AuthFetchGuard {
  const rule = addressRule({ server: params.server, serverUrl: params.url, allowPrivateHosts });
  const timeoutMs = params.requestTimeoutMs ?? DEFAULT_AUTH_REQUEST_TIMEOUT_MS;
  return {
    server: params.server,
    serverUrl: params.url,
    elsewhere: timedFetch(timeoutMs, addressCheckedFetch(rule)),
  };
}
