/**
 * The SDK provider a headless grant runs through (client_credentials, enterprise-managed, workload
 * identity), held by the server's `StoreProvider`: built for the bound issuer, built again when the
 * bound issuer changes (the resource moved: never the old issuer's provider, SEP-2352), and told
 * what auth() discovered (`CrossAppAccessProvider` asks for the authorization server and resource),
 * also when it is built after auth() said so.
 * @module
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { CredentialsGrant } from "./grants.js";

export class HeadlessDelegate {
  /** The provider for the issuer last bound, once built. */
  current: OAuthClientProvider | undefined;
  private issuer: string | undefined;
  private readonly discovered: { authorizationServerUrl?: string; resourceUrl?: string } = {};

  /** The provider for `issuer`: the held one, or one built now. */
  async for(grant: CredentialsGrant, issuer: string): Promise<OAuthClientProvider> {
    if (this.current && this.issuer === issuer) return this.current;
    const delegate = grant.create(issuer);
    const { authorizationServerUrl, resourceUrl } = this.discovered;
    if (authorizationServerUrl) await delegate.saveAuthorizationServerUrl?.(authorizationServerUrl);
    if (resourceUrl) await delegate.saveResourceUrl?.(resourceUrl);
    this.current = delegate;
    this.issuer = issuer;
    return delegate;
  }

  saveAuthorizationServerUrl(url: string): void {
    this.discovered.authorizationServerUrl = url;
    this.current?.saveAuthorizationServerUrl?.(url);
  }

  saveResourceUrl(url: string): void {
    this.discovered.resourceUrl = url;
    this.current?.saveResourceUrl?.(url);
  }
}
