/**
 * Enterprise-Managed Authorization (SEP-990) as the SDK's `CrossAppAccessProvider`: the provider
 * makes the RFC 7523 JWT-bearer request at the MCP server's authorization server; what it asks of
 * us is the identity assertion grant (ID-JAG), which this module gets by the RFC 8693 token
 * exchange at the IdP (`requestJwtAuthorizationGrant`), from the person's ID token.
 *
 * What is added for the threat model: the audience and resource of the exchange are the bound
 * issuer and the bound resource (never just what a server named); the IdP's token endpoint is the
 * configured one or the one its own metadata names (`idp-metadata.ts`); the ID token is read from
 * its source only when needed and held in memory until it expires (one per server), every value
 * (ID token, ID-JAG) is redacted before any request; the client secret goes form-encoded and only to
 * the bound issuer (`client-authentication.ts`); and a step that needs a person says so
 * (`IdpSignInRequired`) instead of failing the start.
 * @module
 */
import {
  type AddClientAuthentication,
  CrossAppAccessProvider,
  type CrossAppAccessProviderOptions,
  type FetchLike,
  type OAuthClientProvider,
  requestJwtAuthorizationGrant,
} from "@modelcontextprotocol/client";
import type { IdentityProviderInput } from "../config/enterprise-auth.js";
import type { SecretKind } from "../redact/redactor.js";
import { authenticateClient } from "./client-authentication.js";
import { discoverIdpTokenEndpoint } from "./idp-metadata.js";
import { IdpSignInRequired } from "./idp-sign-in.js";
import { describeJwtSource, expiresAtOf, JwtSourceError, readJwt } from "./jwt-source.js";
import { assertTokenDestination, describeServerUrl, issuersMatch } from "./resource-binding.js";

/** An ID token is not used within this long of its expiry (the exchange and the grant take time). */
const ID_TOKEN_SKEW_MS = 30_000;

export interface EnterpriseGrantParams {
  server: string;
  clientId: string;
  clientSecret?: string | undefined;
  scopes?: readonly string[] | undefined;
  idp: IdentityProviderInput;
  /** The guarded, bounded fetch of the server's OAuth requests (the IdP's go through it too). */
  fetchFn: FetchLike;
  /** Bound of a command that prints the ID token. */
  timeoutMs: number;
  onSecret(value: string, kind?: SecretKind): void;
}

/** The OAuth error code of the SDK's token exchange failure (`Token exchange failed: <code> - …`). */
const exchangeErrorCode = (error: unknown): string | undefined =>
  error instanceof Error ? /^Token exchange failed: ([a-z_]+)/.exec(error.message)?.[1] : undefined;

/** `CrossAppAccessProvider` whose client authenticates as ours does (form-encoded, bound issuer only). */
class BoundCrossAppAccessProvider extends CrossAppAccessProvider {
  readonly addClientAuthentication: AddClientAuthentication;

  constructor(
    options: CrossAppAccessProviderOptions & { expectedIssuer: string },
    authenticate: AddClientAuthentication,
  ) {
    super(options);
    this.addClientAuthentication = authenticate;
  }
}

/** Returns the factory of the SDK provider per bound issuer (`CredentialsGrant.create`). */
export function enterpriseProviderFactory(
  params: EnterpriseGrantParams,
): (issuer: string) => OAuthClientProvider {
  const { idp, server } = params;
  let idToken: { value: string; expiresAt: number | undefined } | undefined;
  let tokenEndpoint: string | undefined = idp.tokenEndpoint;

  async function currentIdToken(): Promise<string> {
    if (idToken && (idToken.expiresAt === undefined || Date.now() < idToken.expiresAt - ID_TOKEN_SKEW_MS))
      return idToken.value;
    idToken = undefined;
    let value: string;
    try {
      value = await readJwt(idp.idToken, {
        timeoutMs: params.timeoutMs,
        onSecret: (secret) => params.onSecret(secret, "id_token"),
      });
    } catch (error) {
      if (error instanceof JwtSourceError) throw new IdpSignInRequired(idp.issuer, error.message);
      throw error;
    }
    const expiresAt = expiresAtOf(value);
    if (expiresAt !== undefined && Date.now() >= expiresAt - ID_TOKEN_SKEW_MS)
      throw new IdpSignInRequired(
        idp.issuer,
        `the ID token from ${describeJwtSource(idp.idToken)} has expired`,
      );
    idToken = { value, expiresAt };
    return value;
  }

  return (issuer) => {
    const client = {
      client_id: params.clientId,
      ...(params.clientSecret ? { client_secret: params.clientSecret } : {}),
    };
    return new BoundCrossAppAccessProvider(
      {
        clientId: params.clientId,
        clientSecret: params.clientSecret ?? "",
        clientName: "toolnexus-mcp",
        expectedIssuer: issuer,
        fetchFn: params.fetchFn,
        assertion: async (context) => {
          // auth() hands the discovery it bound; it must still be the issuer this provider is for.
          if (!issuersMatch(context.authorizationServerUrl, issuer))
            throw new Error(
              `MCP server "${server}": the authorization server ${describeServerUrl(context.authorizationServerUrl)} is not the bound one; no identity assertion is requested for it`,
            );
          const subject = await currentIdToken();
          tokenEndpoint ??= await discoverIdpTokenEndpoint(idp.issuer, params.fetchFn);
          try {
            const grant = await requestJwtAuthorizationGrant({
              tokenEndpoint,
              audience: issuer,
              resource: context.resourceUrl,
              idToken: subject,
              clientId: idp.clientId,
              ...(idp.clientSecret ? { clientSecret: idp.clientSecret } : {}),
              ...(context.scope ? { scope: context.scope } : {}),
              fetchFn: params.fetchFn,
            });
            params.onSecret(grant.jwtAuthGrant);
            return grant.jwtAuthGrant;
          } catch (error) {
            // The IdP no longer takes this ID token (expired, revoked, the session ended): sign in again.
            if (exchangeErrorCode(error) === "invalid_grant") {
              idToken = undefined;
              throw new IdpSignInRequired(
                idp.issuer,
                "the identity provider refused the ID token (invalid_grant)",
              );
            }
            throw error;
          }
        },
      },
      (headers, body, url, metadata) => {
        assertTokenDestination(server, issuer, url, metadata);
        authenticateClient(client, headers, body, metadata);
      },
    );
  };
}
