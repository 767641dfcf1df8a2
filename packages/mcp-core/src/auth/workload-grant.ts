/**
 * Workload Identity Federation (SEP-1933): the workload's own JWT (a Kubernetes projected token, a
 * CI job's OIDC token, a cloud metadata service's identity token) sent as an RFC 7523 JWT-bearer
 * grant; no browser, no refresh token (a new grant when the token expires).
 *
 * Written by hand: the SDK's JWT providers authenticate a client *with* an assertion
 * (`PrivateKeyJwtProvider`, `StaticPrivateKeyJwtProvider`: client_credentials) or get the
 * assertion from an IdP (`CrossAppAccessProvider`, a confidential client with client_secret_basic);
 * none sends a JWT the workload was handed as the grant itself from a public client. What it adds:
 * the JWT is read afresh from its source each time (rotation), goes only to the authorization
 * server its `aud` names (a JWT whose audience is another server would let this one replay it
 * there), and a JWT the authorization server refused is not sent again — the SDK's `auth()`
 * retries once after `invalid_grant`; a rotated one is.
 * @module
 */
import type {
  AddClientAuthentication,
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { JwtSource } from "../config/enterprise-auth.js";
import type { SecretKind } from "../redact/redactor.js";
import { describeJwtSource, readJwt, unverifiedClaims } from "./jwt-source.js";
import { assertTokenDestination, describeServerUrl, issuersMatch } from "./resource-binding.js";

/** RFC 7523 §2.1. */
export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface WorkloadGrantParams {
  server: string;
  clientId: string;
  assertion: JwtSource;
  scopes?: readonly string[] | undefined;
  /** Bound of a command that prints the JWT. */
  timeoutMs: number;
  onSecret(value: string, kind?: SecretKind): void;
}

/** Whether the JWT's `aud` names `issuer` or the token endpoint (RFC 7523 §3, item 3). */
function audienceNames(jwt: string, issuer: string, tokenUrl: string): boolean {
  const { aud } = unverifiedClaims(jwt);
  const audiences = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
  return audiences.some(
    (value) => typeof value === "string" && (issuersMatch(value, issuer) || value === tokenUrl),
  );
}

/** The JWT-bearer grant of one workload at one bound issuer. */
class WorkloadIdentityProvider implements OAuthClientProvider {
  readonly addClientAuthentication: AddClientAuthentication;
  /** The last JWT sent; `refused` once the authorization server turned it down. */
  private sent: string | undefined;
  private refused: string | undefined;

  constructor(
    private readonly params: WorkloadGrantParams,
    private readonly issuer: string,
  ) {
    this.addClientAuthentication = (headers, body, url, metadata) => {
      assertTokenDestination(params.server, issuer, url, metadata);
      const assertion = body.get("assertion") ?? "";
      if (!audienceNames(assertion, issuer, String(url)))
        throw new Error(
          `MCP server "${params.server}": the workload JWT from ${describeJwtSource(params.assertion)} is for another audience than ${describeServerUrl(issuer)}; it is not sent`,
        );
      body.set("client_id", params.clientId);
      headers.delete("authorization");
    };
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "toolnexus-mcp",
      redirect_uris: [],
      grant_types: [JWT_BEARER_GRANT],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation(): StoredOAuthClientInformation {
    return { client_id: this.params.clientId, issuer: this.issuer };
  }

  tokens(): StoredOAuthTokens | undefined {
    return undefined; // the server's provider keeps them in its store
  }

  saveTokens(): void {}

  redirectToAuthorization(): void {
    throw new Error("a workload identity grant needs no person");
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new Error("a workload identity grant has no code verifier");
  }

  /** auth() drops the tokens after a refusal, before its one retry: the JWT it sent is refused. */
  invalidateCredentials(): void {
    this.refused = this.sent;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    const jwt = await readJwt(this.params.assertion, {
      timeoutMs: this.params.timeoutMs,
      onSecret: (value) => this.params.onSecret(value),
    });
    if (jwt === this.refused)
      throw new Error(
        `MCP server "${this.params.server}": the authorization server refused the workload JWT from ${describeJwtSource(this.params.assertion)}; it is not sent again until it rotates`,
      );
    this.sent = jwt;
    const body = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion: jwt });
    const requested = scope ?? this.params.scopes?.join(" ");
    if (requested) body.set("scope", requested);
    return body;
  }
}

/** The factory of the workload's provider per bound issuer (`CredentialsGrant.create`). */
export function workloadProviderFactory(
  params: WorkloadGrantParams,
): (issuer: string) => OAuthClientProvider {
  return (issuer) => new WorkloadIdentityProvider(params, issuer);
}
