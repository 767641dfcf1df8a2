/**
 * A token request the library makes to an authorization server (a refresh, a headless grant) as a
 * CLIENT span (SPEC §21.1). The MCP conventions name no span for it (it is no MCP request): it is
 * named `oauth token {grant_type}`, carries the server's configured name, the grant type and the
 * token endpoint's host and port, and ends with `error.type` as the MCP spans do. It records no
 * `mcp.client.operation.duration`, and no trace keys go to the authorization server (an untrusted
 * party the trace is not for; a host's own HTTP instrumentation still sees the request under it).
 * @module
 */
import type { Attributes } from "@opentelemetry/api";
import { endClientSpan, type RequestOutcome, startSpanNamed, withinSpan } from "./client-span.js";
import { SERVER_NAME_ATTRIBUTE } from "./mcp-attributes.js";

/** The attribute naming the OAuth grant type: ours (`refresh_token`, `client_credentials`). */
export const GRANT_TYPE_ATTRIBUTE = "toolnexus.oauth.grant_type";

/** What a token request is: whose, which grant, and where it goes (when known before it is sent). */
export interface TokenRequest {
  server: string;
  grantType: "refresh_token" | "client_credentials";
  /** The token endpoint (or the authorization server's URL): its host and port are attributes. */
  url?: string | undefined;
}

/** Runs `request` inside its span; as it is without a tracer provider. */
export function tracedTokenRequest<T>(token: TokenRequest, request: () => Promise<T>): Promise<T> {
  const started = startSpanNamed(`oauth token ${token.grantType}`, () => tokenAttributes(token));
  if (started === undefined) return request();
  return withinSpan(started, request).then(
    (value) => {
      endClientSpan(started, {}, false);
      return value;
    },
    (error: unknown) => {
      endClientSpan(started, tokenOutcome(error), false);
      throw error;
    },
  );
}

function tokenAttributes({ server, grantType, url }: TokenRequest): Attributes {
  const attributes: Attributes = { [SERVER_NAME_ATTRIBUTE]: server, [GRANT_TYPE_ATTRIBUTE]: grantType };
  try {
    if (url !== undefined) {
      const parsed = new URL(url);
      attributes["server.address"] = parsed.hostname.replace(/^\[|\]$/g, "");
      attributes["server.port"] = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
    }
  } catch {
    // A URL that does not parse is no attribute.
  }
  return attributes;
}

/**
 * A failed token request: the OAuth error code the server answered (`invalid_grant`), `timeout`
 * for a request that ran out of time, else the error's stable code in lower case or its class
 * name. The status carries no description: an authorization server's text stays out of spans.
 */
export function tokenOutcome(error: unknown): RequestOutcome {
  const name = error instanceof Error ? error.name : undefined;
  if (name === "TimeoutError") return { errorType: "timeout" };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[a-z0-9_]{1,64}$/i.test(code)) return { errorType: code.toLowerCase() };
  return { errorType: name ?? "_OTHER" };
}
