/**
 * A server's `auth` config as the library uses it: `${VAR}` expanded in its strings from the parent
 * environment (an unset variable throws `ENV_INVALID` naming `auth.<field>`), or the host's own
 * provider tagged `provider`. One function, so the connection and `authStoreKey` read the same.
 * @module
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { AuthInput } from "../config/server-config.js";
import { expandVars } from "../env/expand-vars.js";
import type { AuthConfig } from "./server-auth.js";

const isHostProvider = (auth: AuthInput): auth is OAuthClientProvider => !("type" in auth);

/** `auth` of server `server` with `${VAR}` expanded from `env`. */
export function expandedAuth(
  server: string,
  auth: AuthInput,
  env: Record<string, string | undefined>,
): AuthConfig {
  if (isHostProvider(auth)) return { type: "provider", provider: auth };
  const expand = (value: string | undefined, field: string) =>
    value === undefined ? undefined : expandVars(value, env, "error", { server, field: `auth.${field}` });
  const scopes = auth.scopes ? [...auth.scopes] : undefined;
  const issuer = expand(auth.issuer, "issuer");
  const allowPrivateHosts = auth.allowPrivateHosts ? [...auth.allowPrivateHosts] : undefined;
  if (auth.type === "client_credentials") {
    return {
      type: "client_credentials",
      clientId: expand(auth.clientId, "clientId") ?? "",
      clientSecret: expand(auth.clientSecret, "clientSecret"),
      privateKeyFile: expand(auth.privateKeyFile, "privateKeyFile"),
      scopes,
      issuer,
      allowPrivateHosts,
    };
  }
  return {
    type: "oauth",
    clientId: expand(auth.clientId, "clientId"),
    clientSecret: expand(auth.clientSecret, "clientSecret"),
    clientMetadataUrl: expand(auth.clientMetadataUrl, "clientMetadataUrl"),
    redirectUrl: expand(auth.redirectUrl, "redirectUrl"),
    scopes,
    issuer,
    allowPrivateHosts,
  };
}
