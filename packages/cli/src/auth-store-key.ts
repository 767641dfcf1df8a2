/**
 * The token store key of one server, for `logout`. The core keys an entry by issuer + resource +
 * client after discovery (RFC 9728, then RFC 8414) and does not export that key; this repeats the
 * discovery with `fetch` so `logout` can delete exactly that entry.
 * @module
 */
import type { HttpServerConfig } from "@toolnexus/mcp-core";

const DISCOVERY_TIMEOUT_MS = 10_000;

async function getJson(url: string): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `<origin>/.well-known/<name><path>` (path insertion), then without the path. */
async function wellKnown(base: string, name: string): Promise<Record<string, unknown> | undefined> {
  const url = new URL(base);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  const first = await getJson(`${url.origin}/.well-known/${name}${path}`);
  return first ?? (path ? getJson(`${url.origin}/.well-known/${name}`) : undefined);
}

/** The client part of the key, as the core names it. */
function clientOf(auth: NonNullable<HttpServerConfig["auth"]>): string {
  if ("type" in auth && auth.type === "client_credentials") return auth.clientId;
  if ("type" in auth && auth.type === "oauth") return auth.clientMetadataUrl ?? auth.clientId ?? "dynamic";
  return "dynamic";
}

/** `issuer resource client`, the key the core stores this server's credentials under. */
export async function authStoreKey(config: HttpServerConfig & { auth: object }): Promise<string> {
  const resourceMetadata = await wellKnown(config.url, "oauth-protected-resource");
  const servers = resourceMetadata?.authorization_servers;
  const authServer =
    Array.isArray(servers) && typeof servers[0] === "string" ? servers[0] : new URL("/", config.url).href;
  const metadata =
    (await wellKnown(authServer, "oauth-authorization-server")) ??
    (await wellKnown(authServer, "openid-configuration"));
  const issuer = typeof metadata?.issuer === "string" ? metadata.issuer : String(new URL(authServer));
  const resource = typeof resourceMetadata?.resource === "string" ? resourceMetadata.resource : config.url;
  return `${issuer} ${resource} ${clientOf(config.auth)}`;
}
