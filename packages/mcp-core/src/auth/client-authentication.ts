/**
 * Client authentication at the token endpoint, in place of the SDK's: `client_secret_basic` as RFC
 * 6749 §2.3.1 has it — the client id and the secret each `application/x-www-form-urlencoded` (UTF-8)
 * before base64 — where the SDK joins them raw (a secret with `:`, `+` or `%` reads as another one,
 * and one outside Latin-1 throws in `btoa`). `client_secret_post` and `none` are as the SDK sends
 * them; the method is the SDK's choice (`selectClientAuthMethod`).
 * @module
 */
import {
  type AddClientAuthentication,
  type AuthorizationServerMetadata,
  type OAuthClientInformationMixed,
  selectClientAuthMethod,
} from "@modelcontextprotocol/client";
import { assertTokenDestination } from "./resource-binding.js";

/** One value `application/x-www-form-urlencoded` (UTF-8, space as `+`). */
const formEncode = (value: string): string => new URLSearchParams([["", value]]).toString().slice(1);

/** The `Authorization` header value of `client_secret_basic` (RFC 6749 §2.3.1). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const credentials = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  return `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;
}

/** Authenticates `client` on a token request, with the method the SDK would pick for it. */
export function authenticateClient(
  client: OAuthClientInformationMixed,
  headers: Headers,
  params: URLSearchParams,
  metadata: AuthorizationServerMetadata | undefined,
): void {
  const method = selectClientAuthMethod(client, metadata?.token_endpoint_auth_methods_supported ?? []);
  if (method === "client_secret_basic" && client.client_secret !== undefined) {
    headers.set("Authorization", basicAuthorization(client.client_id, client.client_secret));
    return;
  }
  params.set("client_id", client.client_id);
  if (method === "client_secret_post" && client.client_secret !== undefined)
    params.set("client_secret", client.client_secret);
}

/** What the code flow's client authentication reads at each token request. */
export interface InteractiveClientSource {
  server: string;
  /** The client the SDK uses now: a stored registration, a metadata document URL, or the configured id. */
  client(): Promise<OAuthClientInformationMixed | undefined>;
  /** The configured client id when the config gives it a secret. */
  configuredSecretOf: string | undefined;
  /** The issuer the server's discovery is bound to. */
  issuer(): string | undefined;
}

/**
 * The code flow's `addClientAuthentication`: the client the SDK uses, authenticated as above; a
 * configured secret is attached only to a token request that goes to the bound issuer.
 */
export function interactiveClientAuthentication(source: InteractiveClientSource): AddClientAuthentication {
  return async (headers, params, tokenUrl, metadata) => {
    const client = await source.client();
    if (!client) throw new Error(`MCP server "${source.server}": no OAuth client to authenticate`);
    if (source.configuredSecretOf !== undefined && client.client_id === source.configuredSecretOf)
      assertTokenDestination(source.server, source.issuer(), tokenUrl, metadata);
    authenticateClient(client, headers, params, metadata);
  };
}
