/**
 * The `auth` types of the enterprise flows, beside `oauth` and `client_credentials`
 * (`server-config.ts`): Enterprise-Managed Authorization (the IdP's ID token exchanged for an
 * identity assertion grant by RFC 8693, then for an access token by RFC 7523) and Workload Identity
 * Federation (the workload's own JWT as an RFC 7523 grant). Strings may hold `${VAR}`.
 * @module
 */
import type { DpopInput } from "./dpop-input.js";

/**
 * Where a JWT comes from, read afresh each time one is needed: a file (re-read, so a rotated
 * Kubernetes or CI token is picked up), an environment variable, a command whose standard output is
 * the token (`["gcloud", "auth", "print-identity-token"]`), or, in a config object, the host's own
 * function. The value is a secret: it is redacted from every log, warning and error.
 */
export type JwtSource =
  | { file: string }
  | { env: string }
  | { command: readonly string[] }
  | (() => string | Promise<string>);

/** The enterprise identity provider of `auth: { type: "enterprise_managed" }`. */
export interface IdentityProviderInput {
  /** The IdP's issuer: an https URL, or http on a loopback host. */
  issuer: string;
  /** The client registered at the IdP for the token exchange. */
  clientId: string;
  clientSecret?: string | undefined;
  /**
   * The IdP's token endpoint. Without it, it is read from the IdP's metadata (RFC 8414, then
   * OpenID Connect discovery), accepting a document that has only `issuer` and `token_endpoint`.
   */
  tokenEndpoint?: string | undefined;
  /** How the person's ID token is obtained (signed in at the IdP by the host or the CLI's `login`). */
  idToken: JwtSource;
}

/** `auth: { type: "enterprise_managed" }`: SEP-990, the IdP decides which servers a person reaches. */
export interface EnterpriseManagedAuthInput {
  type: "enterprise_managed";
  /** The client registered at the MCP server's authorization server. */
  clientId: string;
  clientSecret?: string | undefined;
  scopes?: readonly string[] | undefined;
  /** The MCP server's authorization server: an https URL, or http on a loopback host. */
  issuer?: string | undefined;
  allowPrivateHosts?: readonly string[] | undefined;
  /** DPoP (RFC 9449), as for `oauth` (`DpopInput`). */
  dpop?: DpopInput | undefined;
  idp: IdentityProviderInput;
}

/** `auth: { type: "workload_identity" }`: SEP-1933, no browser and no refresh token. */
export interface WorkloadIdentityAuthInput {
  type: "workload_identity";
  /** The client id the authorization server knows the workload by. */
  clientId: string;
  /** The workload's JWT; it goes only to the authorization server its `aud` names. */
  assertion: JwtSource;
  scopes?: readonly string[] | undefined;
  issuer?: string | undefined;
  allowPrivateHosts?: readonly string[] | undefined;
  /** DPoP (RFC 9449), as for `oauth` (`DpopInput`). */
  dpop?: DpopInput | undefined;
}
