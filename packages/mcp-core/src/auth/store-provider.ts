/**
 * The `OAuthClientProvider` the core gives the v2 transport for one remote server: credentials in
 * a `TokenStore` keyed by the configured server + client, the SDK doing discovery, PKCE, DCR, CIMD
 * and the token requests. What it adds: every discovery is bound to the configured server before a
 * token is looked up (`bound-entry.ts`); the per-request token read refreshes proactively, and a
 * refused token is refreshed or replaced (`provider-renewal.ts`: single-flight per process,
 * exclusive across processes); the SDK's own
 * `auth()` never spends a refresh token outside that lock (it sees the tokens without one); and the
 * client authenticates form-encoded (`client-authentication.ts`), a configured secret only to the
 * bound issuer.
 * @module
 */
import { randomBytes } from "node:crypto";
import type {
  AddClientAuthentication,
  DpopSession,
  FetchLike,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { DpopInput } from "../config/dpop-input.js";
import type { SecretKind } from "../redact/redactor.js";
import type { AuthEntry } from "./auth-entry.js";
import { assertAuthorizationServer, assertAuthUrl } from "./authorization-server-policy.js";
import { BoundEntry, learnTokenSecrets } from "./bound-entry.js";
import { interactiveClientAuthentication } from "./client-authentication.js";
import { DpopBinding } from "./dpop-binding.js";
import type { CredentialsGrant, InteractiveGrant } from "./grants.js";
import { HeadlessDelegate } from "./headless-delegate.js";
import { PendingRequestKeeper } from "./pending-authorization.js";
import { ProviderRenewal } from "./provider-renewal.js";
import type { ServerBinding } from "./resource-binding.js";
import type { TokenStore } from "./token-store.js";

/** Placeholder redirect for DCR metadata before the loopback listener has a port (RFC 8252: any port). */
const LOOPBACK_REDIRECT = "http://127.0.0.1/callback";

export interface StoreProviderParams {
  server: string;
  /** Bounded fetch for discovery and token requests. */
  fetchFn: FetchLike;
  url: string;
  /** The configured server and which issuers its client may go to. */
  binding: ServerBinding;
  /** The store key (`authEntryKey`): the configured server + the client. */
  storeKey: string;
  store: TokenStore;
  refreshSkewMs: number;
  grant: InteractiveGrant | CredentialsGrant;
  /** `auth.dpop` (`dpop-binding.ts`): absent, DPoP when the authorization server advertises ES256. */
  dpop?: DpopInput | undefined;
  onSecret(value: string, kind?: SecretKind): void;
  warn(message: string): void;
}

export class StoreProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  /** Set by `redirectToAuthorization`: a person must act. */
  pendingAuthorization: URL | undefined;
  /** The `state` of the pending authorization request. */
  pendingState: string | undefined;
  /** Discovery and binding; the store entry opens only once they passed. */
  private readonly bound: BoundEntry;
  /** A headless grant's SDK provider (`headless-delegate.ts`). */
  private readonly headless = new HeadlessDelegate();
  private verifier: string | undefined;
  private activeRedirectUrl: string | undefined;
  /** When to refresh, and the single-flight refreshes (`provider-renewal.ts`). */
  private readonly renewal: ProviderRenewal;
  /** The code flow's client authentication: form-encoded, a configured secret only to the bound issuer. */
  private readonly authenticateInteractiveClient: AddClientAuthentication;
  /** Where begun requests are kept for any user of the store to complete. */
  private readonly pending: PendingRequestKeeper;
  /** Set by `tokenRefused`: the next `discoveryState()` read is a fresh discovery. */
  private rediscover = false;
  /** DPoP: when, the key per issuer, the token response rules (`dpop-binding.ts`). */
  private readonly dpopBinding: DpopBinding;

  constructor(private readonly params: StoreProviderParams) {
    const { grant } = params;
    this.bound = new BoundEntry(params);
    const sealingKey = params.dpop?.enabled === false ? undefined : params.dpop?.sealingKey;
    this.dpopBinding = new DpopBinding(
      params.server,
      params.dpop,
      sealingKey ? { entry: params.storeKey, secret: sealingKey } : undefined,
      params.warn,
    );
    const { store, storeKey: key, server, warn, onSecret } = params;
    this.pending = new PendingRequestKeeper({ store, key, server, warn, onSecret });
    this.renewal = new ProviderRenewal({
      provider: this,
      server: params.server,
      url: params.url,
      binding: params.binding,
      fetchFn: params.fetchFn,
      headless: grant.kind === "credentials",
      entry: () => this.entry(),
      issuer: () => this.bound.issuer,
      cached: () => this.bound.loaded?.cached,
      refreshSkewMs: params.refreshSkewMs,
      dpop: this.dpopBinding,
      learnSecrets: (tokens) => learnTokenSecrets(params.onSecret, tokens),
      warn: params.warn,
    });
    this.authenticateInteractiveClient = interactiveClientAuthentication({
      server: params.server,
      client: () => this.clientInformation(),
      configuredSecretOf:
        grant.kind === "interactive" && grant.clientSecret !== undefined ? grant.clientId : undefined,
      issuer: () => this.bound.issuer,
    });
    if (grant.kind === "interactive" && grant.clientMetadataUrl)
      this.clientMetadataUrl = grant.clientMetadataUrl;
    if (grant.kind === "interactive") this.activeRedirectUrl = grant.redirectUrl;
  }

  get redirectUrl(): string | undefined {
    return this.params.grant.kind === "interactive"
      ? (this.activeRedirectUrl ?? LOOPBACK_REDIRECT)
      : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const { grant } = this.params;
    if (grant.kind === "credentials") return this.headless.current?.clientMetadata ?? { redirect_uris: [] };
    return {
      client_name: "toolnexus-mcp",
      redirect_uris: [grant.redirectUrl ?? LOOPBACK_REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...(grant.scopes ? { scope: grant.scopes.join(" ") } : {}),
    };
  }

  /** A fresh state per authorization request; starts the loopback listener when there is no redirect URL. */
  async state(): Promise<string> {
    const { grant } = this.params;
    assertAuthorizationServer(this.params.server, this.params.url, this.bound.discovery);
    if (grant.kind === "interactive" && !grant.redirectUrl) this.activeRedirectUrl = await grant.listen();
    this.pendingState = randomBytes(16).toString("base64url");
    return this.pendingState;
  }

  async clientInformation(
    ctx?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const { grant } = this.params;
    if (grant.kind === "credentials") {
      return (await this.credentialsDelegate(ctx?.issuer)).clientInformation(ctx) ?? undefined;
    }
    const stored = (await this.entry()).cached?.client;
    if (stored) return stored;
    const cimd =
      this.bound.discovery?.authorizationServerMetadata?.client_id_metadata_document_supported === true;
    if (grant.clientMetadataUrl && cimd) return undefined; // the SDK uses the metadata document URL
    if (grant.clientId) {
      // Stamped with the bound issuer (SEP-2352): the SDK refuses it for any other.
      const issuer = this.bound.issuer ?? ctx?.issuer;
      return {
        client_id: grant.clientId,
        ...(grant.clientSecret ? { client_secret: grant.clientSecret } : {}),
        ...(issuer ? { issuer } : {}),
      };
    }
    return undefined; // the SDK registers dynamically
  }

  async saveClientInformation(info: StoredOAuthClientInformation): Promise<void> {
    if (info.client_secret) this.params.onSecret(info.client_secret, "client_secret");
    const { grant } = this.params;
    // A configured client is configuration, not state: only registrations (DCR, CIMD) are stored.
    if (grant.kind === "credentials" || info.client_id === grant.clientId) return;
    await (await this.entry()).update({ client: info });
  }

  /**
   * Without `ctx` this is the transport's per-request read: refreshed first when it expires within
   * the skew. With `ctx` it is the SDK's `auth()`: the tokens go without their refresh token, so the
   * SDK never refreshes outside our lock (a refresh it would need goes through `renew` instead).
   * A DPoP-bound token whose key this process does not hold is never presented: the transport's
   * read refreshes it with this process's key first (an authorization server that bound the
   * refresh token to the other key refuses: authorization is needed), the SDK sees none.
   */
  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    if (ctx) {
      const tokens = (await this.entry()).cached?.tokens;
      await this.dpopBinding.adopt(tokens, this.bound.issuer);
      if (!tokens || !this.dpopBinding.holds(tokens, this.bound.issuer)) return undefined;
      const { refresh_token: _spentOnlyUnderLock, ...rest } = tokens;
      return rest;
    }
    const tokens = await this.renewal.fresh();
    await this.dpopBinding.adopt(tokens, this.bound.issuer);
    if (this.dpopBinding.holds(tokens, this.bound.issuer)) return tokens;
    await this.dpop(); // this process's key for the bound issuer, so the refresh binds to it
    const failure = await this.renew(tokens?.access_token);
    if (failure) throw failure;
    const renewed = this.bound.loaded?.cached?.tokens;
    await this.dpopBinding.adopt(renewed, this.bound.issuer);
    return this.dpopBinding.holds(renewed, this.bound.issuer) ? renewed : undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const entry = await this.entry();
    // The SDK may save back what `tokens(ctx)` gave it: keep the refresh token it did not see.
    const previous = entry.cached?.tokens;
    const complete =
      !tokens.refresh_token && previous?.refresh_token && previous.access_token === tokens.access_token
        ? { ...tokens, refresh_token: previous.refresh_token }
        : tokens;
    learnTokenSecrets(this.params.onSecret, complete);
    // The SDK's token request was signed with `dpop()`'s session for the bound issuer: the same one.
    await entry.saveTokens(this.dpopBinding.bind(complete, previous, await this.dpop()));
  }

  /**
   * The SDK's DPoP hook (SEP-1932): the signing session of the bound issuer when its tokens are
   * DPoP-bound, else undefined (Bearer). The SDK signs token requests with it and, since the
   * provider has this method, wraps the transport's fetch (Streamable HTTP and SSE, both eras)
   * to present a DPoP token with a fresh proof and retry a nonce challenge once.
   */
  dpop(): Promise<DpopSession | undefined> {
    return this.dpopBinding.session(this.bound.issuer, this.bound.discovery?.authorizationServerMetadata);
  }

  /** Keeps the request in the store for any user of it (`pending-authorization.ts`), then shows it. */
  async redirectToAuthorization(url: URL): Promise<void> {
    assertAuthUrl(this.params.server, this.params.url, url, "the authorization endpoint");
    const { grant } = this.params;
    // A request to the loopback listener stays here: only this process receives its redirect.
    const shared = grant.kind === "interactive" && grant.redirectUrl !== undefined;
    if (this.pendingState && this.verifier) {
      const client = this.bound.loaded?.cached?.client;
      const request = { codeVerifier: this.verifier, redirectUrl: this.activeRedirectUrl, client };
      await this.pending.keep(shared, this.pendingState, request);
    }
    this.pendingAuthorization = url;
  }

  /** Readies the exchange for the request `state` names, this process's or a kept one; false for neither. */
  async prepareExchange(state: string): Promise<boolean> {
    // The code's exchange is bound to the discovery its request was made with: a refusal seen
    // since (a concurrent request's 401 with no auth() after it) must not make it discover anew.
    this.rediscover = false;
    const found = await this.pending.take(state, this.pendingState);
    if (found === "own" || found === undefined) return found === "own";
    this.verifier = found.codeVerifier;
    if (found.redirectUrl !== undefined) this.activeRedirectUrl = found.redirectUrl;
    const entry = await this.entry();
    // The code was issued to the client the request was made with (another worker's registration).
    if (found.client && entry.cached?.client?.client_id !== found.client.client_id)
      await entry.update({ client: found.client });
    return true;
  }

  saveCodeVerifier(verifier: string): void {
    this.params.onSecret(verifier);
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier)
      throw new Error(`MCP server "${this.params.server}": no authorization is in progress`);
    return this.verifier;
  }

  /** The SDK's own discovery (e.g. from a 401's `resource_metadata`) is bound like ours, or `auth()` stops here. */
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.bound.accept(state);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    // After a token no renewal could save was refused, auth() discovers afresh (from the 401's
    // resource_metadata): the resource may have moved to another authorization server (SEP-2352).
    if (this.rediscover) {
      this.rediscover = false;
      return undefined;
    }
    return this.bound.discovery;
  }

  /** The server refused the token and no renewal helped: the next auth() re-reads the metadata. */
  tokenRefused(): void {
    this.rediscover = true;
  }

  /** The issuer auth() uses, handed to a headless provider that asks for it (`CrossAppAccessProvider`). */
  saveAuthorizationServerUrl(url: string): void {
    this.headless.saveAuthorizationServerUrl(url);
  }

  /** The resource auth() uses (the bound metadata's), handed on as above. */
  saveResourceUrl(url: string): void {
    this.headless.saveResourceUrl(url);
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    await this.headless.current?.invalidateCredentials?.(scope);
    if (scope === "verifier" || scope === "all") this.verifier = undefined;
    if (scope === "discovery" || scope === "all") this.bound.discovery = undefined;
    if (scope === "tokens" || scope === "all") await (await this.entry()).dropTokens();
    if (scope === "client" || scope === "all") await (await this.entry()).update({ client: undefined });
  }

  // The two getters below are undefined at run time for the code flow (the SDK then uses its own
  // token request and client authentication); the casts only satisfy exactOptionalPropertyTypes,
  // which cannot express an optional member as a getter.

  /** The headless grant's token request (the SDK provider's); undefined for the code flow. */
  get prepareTokenRequest(): NonNullable<OAuthClientProvider["prepareTokenRequest"]> {
    const delegate = this.headless.current;
    const prepare = delegate?.prepareTokenRequest
      ? (scope?: string) => delegate.prepareTokenRequest?.(scope)
      : undefined;
    return prepare as NonNullable<OAuthClientProvider["prepareTokenRequest"]>;
  }

  /** The headless provider's client authentication; for the code flow, ours (form-encoded, bound). */
  get addClientAuthentication(): AddClientAuthentication {
    if (this.params.grant.kind === "credentials")
      return this.headless.current?.addClientAuthentication as AddClientAuthentication;
    return this.authenticateInteractiveClient;
  }

  /** The issuer credentials are bound to, once a discovery passed (for the refresh's own check). */
  get issuer(): string | undefined {
    return this.bound.issuer;
  }

  /** The store entry; the first call discovers (RFC 9728 + 8414) and binds the server first. */
  entry(): Promise<AuthEntry> {
    return this.bound.entry();
  }

  /** The current access token, without I/O. */
  currentAccessToken(): string | undefined {
    return this.bound.loaded?.cached?.tokens?.access_token;
  }

  /** Forgets the pending authorization (after it completed). */
  clearPendingAuthorization(): void {
    this.pendingAuthorization = undefined;
    this.pendingState = undefined;
  }

  /** Refreshes single-flight, or adopts; `rejected` is the access token a server refused (`provider-renewal.ts`). */
  renew(rejected: string | undefined): Promise<Error | undefined> {
    return this.renewal.renew(rejected);
  }

  /**
   * The SDK's headless provider, built once the issuer is bound (it pins `expectedIssuer` to it: the
   * issuer the config pins, or one on the server's origin — never just the one a server names).
   */
  async credentialsDelegate(_issuer?: string): Promise<OAuthClientProvider> {
    const { grant } = this.params;
    if (grant.kind !== "credentials") throw new Error("not a client_credentials server");
    await this.entry();
    if (!this.bound.issuer)
      throw new Error(`MCP server "${this.params.server}": the authorization server is not known yet`);
    return this.headless.for(grant, this.bound.issuer);
  }
}
