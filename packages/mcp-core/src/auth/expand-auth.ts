/**
 * A server's `auth` config as the library uses it: `${VAR}` expanded in its strings from the parent
 * environment (an unset variable throws `ENV_INVALID` naming `auth.<field>`), or the host's own
 * provider tagged `provider`. One function, so the connection and `authStoreKey` read the same.
 * @module
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { JwtSource } from "../config/enterprise-auth.js";
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
  const dpop = auth.dpop
    ? { ...auth.dpop, sealingKey: expand(auth.dpop.sealingKey, "dpop.sealingKey") }
    : undefined;
  const source = (value: JwtSource, field: string): JwtSource => {
    if (typeof value === "function") return value;
    if ("file" in value) return { file: expand(value.file, `${field}.file`) ?? "" };
    if ("env" in value) return { env: value.env };
    return { command: value.command.map((part, i) => expand(part, `${field}.command[${i}]`) ?? "") };
  };
  if (auth.type === "enterprise_managed") {
    const { idp } = auth;
    return {
      type: "enterprise_managed",
      clientId: expand(auth.clientId, "clientId") ?? "",
      clientSecret: expand(auth.clientSecret, "clientSecret"),
      scopes,
      issuer,
      allowPrivateHosts,
      dpop,
      idp: {
        issuer: expand(idp.issuer, "idp.issuer") ?? "",
        clientId: expand(idp.clientId, "idp.clientId") ?? "",
        clientSecret: expand(idp.clientSecret, "idp.clientSecret"),
        tokenEndpoint: expand(idp.tokenEndpoint, "idp.tokenEndpoint"),
        idToken: source(idp.idToken, "idp.idToken"),
      },
    };
  }
  if (auth.type === "workload_identity") {
    return {
      type: "workload_identity",
      clientId: expand(auth.clientId, "clientId") ?? "",
      assertion: source(auth.assertion, "assertion"),
      scopes,
      issuer,
      allowPrivateHosts,
      dpop,
    };
  }
  if (auth.type === "client_credentials") {
    return {
      type: "client_credentials",
      clientId: expand(auth.clientId, "clientId") ?? "",
      clientSecret: expand(auth.clientSecret, "clientSecret"),
      privateKeyFile: expand(auth.privateKeyFile, "privateKeyFile"),
      scopes,
      issuer,
      allowPrivateHosts,
      dpop,
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
    dpop,
  };
}
