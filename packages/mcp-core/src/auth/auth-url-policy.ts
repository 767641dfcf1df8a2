/**
 * Where an authorization server may live: a URL a server or an authorization server chose (its
 * issuer, metadata, registration, token and authorization endpoints, a 401's `resource_metadata`) is
 * `https:`, or `http:` on loopback only (`127.0.0.0/8`, `[::1]`, `localhost`). A URL on the
 * configured server URL's own origin is the config author's choice and passes whatever its scheme.
 * @module
 */
import { McpCoreError } from "../errors.js";
import { isLoopbackHostname } from "../loopback-hostname.js";
import { safeOrigin } from "./safe-origin.js";

/** Whether `url` may be fetched or handed to a person for the server configured at `serverUrl`. */
export function isAllowedAuthUrl(url: URL, serverUrl: string): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin === new URL(serverUrl).origin) return true;
  return url.protocol === "https:" || isLoopbackHostname(url.hostname);
}

/** `AUTH_FAILED`: the server named (through its metadata or a 401) a URL the rule above refuses. */
export function refusedAuthUrl(server: string, url: URL, what: string): McpCoreError {
  return new McpCoreError(
    "AUTH_FAILED",
    `MCP server "${server}": refused ${what} ${safeOrigin(url)}: an authorization server URL must be https (http only on loopback or on the server's own origin)`,
    { server },
  );
}

/** `value` as a URL, or undefined when it does not parse. */
export function parsedUrl(value: string | URL): URL | undefined {
  if (value instanceof URL) return value;
  return URL.canParse(value) ? new URL(value) : undefined;
}
