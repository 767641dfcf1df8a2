/**
 * What an authorization server must show before the library starts an authorization with it (builds
 * an authorization URL, starts the loopback listener, hands the URL to a person): metadata that says
 * it supports PKCE with S256 (the MCP authorization spec's MUST: without the metadata, or without
 * `S256` in `code_challenge_methods_supported`, the client cannot know the code is bound to its
 * verifier).
 * @module
 */
import type { OAuthDiscoveryState } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";
import { safeOrigin } from "./safe-origin.js";

const refused = (server: string, message: string) =>
  new McpCoreError("AUTH_FAILED", `MCP server "${server}": ${message}; no authorization was started`, {
    server,
  });

/**
 * Throws `AUTH_FAILED` unless `discovery` (the state the SDK's `auth()` is about to start an
 * authorization from) shows PKCE S256 support.
 */
export function assertAuthorizationServer(server: string, discovery: OAuthDiscoveryState | undefined): void {
  const metadata = discovery?.authorizationServerMetadata;
  const asUrl =
    discovery && URL.canParse(discovery.authorizationServerUrl)
      ? new URL(discovery.authorizationServerUrl)
      : undefined;
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
}
