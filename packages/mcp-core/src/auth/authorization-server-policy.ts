/**
 * What an authorization server must show before the library starts an authorization with it (builds
 * an authorization URL, starts the loopback listener, hands the URL to a person): metadata that says
 * it supports PKCE with S256 (the MCP authorization spec's MUST: without the metadata, or without
 * `S256` in `code_challenge_methods_supported`, the client cannot know the code is bound to its
 * verifier), and endpoints where an authorization server may live (`auth-url-policy.ts`).
 * @module
 */
import type { OAuthDiscoveryState } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";
import { isAllowedAuthUrl, parsedUrl, refusedAuthUrl } from "./auth-url-policy.js";
import { safeOrigin } from "./safe-origin.js";

const refused = (server: string, message: string) =>
  new McpCoreError("AUTH_FAILED", `MCP server "${server}": ${message}; no authorization was started`, {
    server,
  });

/**
 * Throws `AUTH_FAILED` unless `discovery` (the state the SDK's `auth()` is about to start an
 * authorization from) shows PKCE S256 support and endpoints the URL rule allows.
 */
export function assertAuthorizationServer(
  server: string,
  serverUrl: string,
  discovery: OAuthDiscoveryState | undefined,
): void {
  const metadata = discovery?.authorizationServerMetadata;
  const asUrl = discovery ? parsedUrl(discovery.authorizationServerUrl) : undefined;
  const where = asUrl ? `the authorization server ${safeOrigin(asUrl)}` : "the authorization server";
  if (!metadata) throw refused(server, `${where} publishes no metadata, so PKCE (S256) support is not known`);
  const methods = metadata.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes("S256")) {
    const listed = Array.isArray(methods) ? "does not list S256" : "is missing";
    throw refused(
      server,
      `${where} does not support PKCE with S256 (code_challenge_methods_supported ${listed})`,
    );
  }
  const endpoints: Array<[string, string | undefined]> = [
    ["the issuer", metadata.issuer],
    ["the authorization endpoint", metadata.authorization_endpoint],
    ["the token endpoint", metadata.token_endpoint],
    ["the registration endpoint", metadata.registration_endpoint],
  ];
  for (const [what, value] of endpoints) {
    if (value === undefined) continue;
    assertAuthUrl(server, serverUrl, value, what);
  }
}

/** Throws `AUTH_FAILED` unless `value` (an authorization URL about to be handed out) passes the URL rule. */
export function assertAuthUrl(server: string, serverUrl: string, value: string | URL, what: string): void {
  const url = parsedUrl(value);
  if (!url) throw refused(server, `${what} is not a URL`);
  if (!isAllowedAuthUrl(url, serverUrl)) throw refusedAuthUrl(server, url, what);
}
