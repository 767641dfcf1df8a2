/**
 * The two kinds of grant a server's provider runs: the interactive authorization code flow and the
 * headless client_credentials flow (a secret or a private key, through the SDK's providers).
 * @module
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/client";

/** The authorization code flow's settings (config `auth: { type: "oauth" }`). */
export interface InteractiveGrant {
  kind: "interactive";
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  clientMetadataUrl?: string | undefined;
  scopes?: readonly string[] | undefined;
  /** Undefined: a loopback listener is started when an authorization begins. */
  redirectUrl?: string | undefined;
  /** Starts the loopback listener and returns its URL (when `redirectUrl` is undefined). */
  listen(): Promise<string>;
}

/** A headless grant: the SDK's client_credentials provider, built once the issuer is known. */
export interface CredentialsGrant {
  kind: "credentials";
  clientId: string;
  create(issuer: string): OAuthClientProvider;
}
