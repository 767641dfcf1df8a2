/**
 * The `OAuthClientProvider` the core gives the v2 transport for one remote server: credentials in
 * a `TokenStore` keyed by issuer + resource + client, the SDK doing discovery, PKCE, DCR, CIMD and
 * the token requests. What it adds: the per-request token read refreshes proactively (single-flight
 * per process, exclusive across processes), and the SDK's own `auth()` never spends a refresh token
 * outside that lock (it sees the tokens without one).
 * @module
 */
import { randomBytes } from "node:crypto";
import type {
  AddClientAuthentication,
  FetchLike,
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { isMcpCoreError, McpCoreError } from "../errors.js";
import type { SecretKind } from "../redact/redactor.js";
import { type AuthEntry, discoverAuthEntry } from "./auth-entry.js";
import { messageOf } from "./auth-message.js";
import type { CredentialsGrant, InteractiveGrant } from "./grants.js";
import { renewTokens } from "./token-renewal.js";
import type { TokenStore } from "./token-store.js";

/** Placeholder redirect for DCR metadata before the loopback listener has a port (RFC 8252: any port). */
const LOOPBACK_REDIRECT = "http://127.0.0.1/callback";

export interface StoreProviderParams {
  server: string;
  /** Bounded fetch for discovery and token requests. */
  fetchFn: FetchLike;
  url: string;
  store: TokenStore;
  refreshSkewMs: number;
  grant: InteractiveGrant | CredentialsGrant;
  onSecret(value: string, kind?: SecretKind): void;
  warn(message: string): void;
}

export class StoreProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  /** Set by `redirectToAuthorization`: a person must act. */
  pendingAuthorization: URL | undefined;
  /** The `state` of the pending authorization request. */
  pendingState: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private entryPromise: Promise<AuthEntry> | undefined;
  private delegate: OAuthClientProvider | undefined;
  private verifier: string | undefined;
  private activeRedirectUrl: string | undefined;
  /** The refresh in flight; it resolves with the error of a refresh that failed for now (not for good). */
  private renewal: Promise<Error | undefined> | undefined;
  private loadedEntry: AuthEntry | undefined;

  constructor(private readonly params: StoreProviderParams) {
    const { grant } = params;
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
    if (grant.kind === "credentials") return this.delegate?.clientMetadata ?? { redirect_uris: [] };
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
    const cimd = this.discovery?.authorizationServerMetadata?.client_id_metadata_document_supported === true;
    if (grant.clientMetadataUrl && cimd) return undefined; // the SDK uses the metadata document URL
    if (grant.clientId) {
      // Stamped with the issuer it is used with (SEP-2352), so the SDK has nothing to re-save.
      const issuer = ctx?.issuer ?? this.discovery?.authorizationServerMetadata?.issuer;
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
   */
  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    if (ctx) {
      const tokens = (await this.entry()).cached?.tokens;
      if (!tokens) return undefined;
      const { refresh_token: _spentOnlyUnderLock, ...rest } = tokens;
      return rest;
    }
    let entry: AuthEntry;
    try {
      entry = await this.entry();
      const current = await entry.current();
      const headlessFirst = !current?.tokens && this.params.grant.kind === "credentials";
      if (!headlessFirst && (!current?.tokens || !this.dueForRefresh(current.expiresAt)))
        return current?.tokens;
    } catch (error) {
      this.params.warn(`MCP server "${this.params.server}": OAuth discovery failed: ${messageOf(error)}`);
      return undefined;
    }
    await this.renew(undefined);
    return entry.cached?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const entry = await this.entry();
    // The SDK may save back what `tokens(ctx)` gave it: keep the refresh token it did not see.
    const previous = entry.cached?.tokens;
    const complete =
      !tokens.refresh_token && previous?.refresh_token && previous.access_token === tokens.access_token
        ? { ...tokens, refresh_token: previous.refresh_token }
        : tokens;
    this.learnSecrets(complete);
    await entry.saveTokens(complete);
  }

  redirectToAuthorization(url: URL): void {
    this.pendingAuthorization = url;
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

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "verifier" || scope === "all") this.verifier = undefined;
    if (scope === "discovery" || scope === "all") this.discovery = undefined;
    if (scope === "tokens" || scope === "all") await (await this.entry()).dropTokens();
    if (scope === "client" || scope === "all") await (await this.entry()).update({ client: undefined });
  }

  // The two getters below are undefined at run time for the code flow (the SDK then uses its own
  // token request and client authentication); the casts only satisfy exactOptionalPropertyTypes,
  // which cannot express an optional member as a getter.

  /** The headless grant's token request (the SDK provider's); undefined for the code flow. */
  get prepareTokenRequest(): NonNullable<OAuthClientProvider["prepareTokenRequest"]> {
    const delegate = this.delegate;
    const prepare = delegate?.prepareTokenRequest
      ? (scope?: string) => delegate.prepareTokenRequest?.(scope)
      : undefined;
    return prepare as NonNullable<OAuthClientProvider["prepareTokenRequest"]>;
  }

  /** private_key_jwt's client assertion (the SDK provider's); undefined otherwise (the SDK's default). */
  get addClientAuthentication(): AddClientAuthentication {
    return this.delegate?.addClientAuthentication as AddClientAuthentication;
  }

  /** The store entry; the first call discovers the issuer (RFC 9728 + 8414) to build the key. */
  entry(): Promise<AuthEntry> {
    this.entryPromise ??= this.discoverEntry().catch((error: unknown) => {
      this.entryPromise = undefined; // a later request tries again
      throw error;
    });
    return this.entryPromise;
  }

  /** The current access token, without I/O. */
  currentAccessToken(): string | undefined {
    return this.loadedEntry?.cached?.tokens?.access_token;
  }

  /** The redirect URL of the pending (or last) authorization request. */
  get lastRedirectUrl(): string | undefined {
    return this.activeRedirectUrl;
  }

  /** Forgets the pending authorization (after it completed). */
  clearPendingAuthorization(): void {
    this.pendingAuthorization = undefined;
    this.pendingState = undefined;
  }

  /**
   * Refreshes single-flight: concurrent callers share one refresh. `rejected` is the access token a
   * server refused (a 401); without it, the refresh is the proactive one (expiry within the skew).
   */
  renew(rejected: string | undefined): Promise<Error | undefined> {
    this.renewal ??= this.entry()
      .then((entry) =>
        renewTokens({
          entry,
          provider: this,
          server: this.params.server,
          url: this.params.url,
          fetchFn: this.params.fetchFn,
          rejected,
          headless: this.params.grant.kind === "credentials",
          isDue: (expiresAt) => this.dueForRefresh(expiresAt),
          learnSecrets: (tokens) => this.learnSecrets(tokens),
          warn: this.params.warn,
        }),
      )
      .then(
        () => undefined,
        (error: unknown) => {
          const failure = renewalFailure(this.params.server, error);
          this.params.warn(failure.message);
          return failure;
        },
      )
      .finally(() => {
        this.renewal = undefined;
      });
    return this.renewal;
  }

  /** The SDK's headless provider, built once the issuer is known (it pins `expectedIssuer`). */
  async credentialsDelegate(issuer?: string): Promise<OAuthClientProvider> {
    const { grant } = this.params;
    if (grant.kind !== "credentials") throw new Error("not a client_credentials server");
    if (!this.delegate) {
      await this.entry();
      const known =
        issuer ??
        this.discovery?.authorizationServerMetadata?.issuer ??
        this.discovery?.authorizationServerUrl;
      if (!known)
        throw new Error(`MCP server "${this.params.server}": the authorization server is not known yet`);
      this.delegate = grant.create(known);
    }
    return this.delegate;
  }

  private dueForRefresh(expiresAt: number | undefined): boolean {
    return expiresAt !== undefined && Date.now() >= expiresAt - this.params.refreshSkewMs;
  }

  private learnSecrets(tokens: StoredOAuthTokens): void {
    this.params.onSecret(tokens.access_token, "access_token");
    if (tokens.refresh_token) this.params.onSecret(tokens.refresh_token, "refresh_token");
    if (tokens.id_token) this.params.onSecret(tokens.id_token, "id_token");
  }

  private async discoverEntry(): Promise<AuthEntry> {
    const { grant } = this.params;
    const client =
      grant.kind === "credentials"
        ? grant.clientId
        : (grant.clientMetadataUrl ?? grant.clientId ?? "dynamic");
    const { entry, discovery } = await discoverAuthEntry(
      this.params.url,
      client,
      this.params.store,
      this.params.fetchFn,
    );
    // A guess made without the protected-resource metadata (it may live only at the URL a 401
    // names) is not kept as the SDK's discovery state: auth() then discovers from the 401 itself.
    if (discovery.resourceMetadata) this.discovery = discovery;
    this.loadedEntry = entry;
    const stored = await entry.current();
    if (stored?.tokens) this.learnSecrets(stored.tokens);
    if (stored?.client?.client_secret) this.params.onSecret(stored.client.client_secret, "client_secret");
    return entry;
  }
}

/**
 * The error a failed refresh fails its call with. A store that cannot be reached keeps its code
 * (`AUTH_STORE_UNAVAILABLE`), now naming the server: the refresh did not run, rather than run
 * uncoordinated and spend a refresh token the rest of the fleet shares.
 */
function renewalFailure(server: string, error: unknown): Error {
  const message = `MCP server "${server}": ${messageOf(error)}`;
  if (isMcpCoreError(error) && error.code === "AUTH_STORE_UNAVAILABLE")
    return new McpCoreError("AUTH_STORE_UNAVAILABLE", `${message}; the token was not refreshed`, {
      server,
      cause: error,
    });
  return new Error(message);
}
