/**
 * The discovery and binding state of one remote server's OAuth credentials: the store entry is
 * opened only after a discovery (ours or the SDK's) was bound to the configured server, and the
 * issuer that binding found is the only one credentials go to. The provider (`store-provider.ts`)
 * builds the SDK's `OAuthClientProvider` on top of it.
 * @module
 */
import type { FetchLike, OAuthDiscoveryState, StoredOAuthTokens } from "@modelcontextprotocol/client";
import type { SecretKind } from "../redact/redactor.js";
import { AuthEntry } from "./auth-entry.js";
import { checkDiscovery, discoverBound, type ServerBinding } from "./resource-binding.js";
import type { TokenStore } from "./token-store.js";

/** What {@link BoundEntry} needs: where to discover, what to bind to, where credentials are kept. */
export interface BoundEntryParams {
  /** Bounded fetch for discovery. */
  fetchFn: FetchLike;
  /** The configured server and which issuers its client may go to. */
  binding: ServerBinding;
  /** The store key (`authEntryKey`): the configured server + the client. */
  storeKey: string;
  store: TokenStore;
  onSecret(value: string, kind?: SecretKind): void;
}

/** Registers every token of `tokens` as a secret, so no log, warning or error shows it. */
export function learnTokenSecrets(
  onSecret: (value: string, kind?: SecretKind) => void,
  tokens: StoredOAuthTokens,
): void {
  onSecret(tokens.access_token, "access_token");
  if (tokens.refresh_token) onSecret(tokens.refresh_token, "refresh_token");
  if (tokens.id_token) onSecret(tokens.id_token, "id_token");
}

/** The bound discovery, the bound issuer and the store entry they open (once, retried after a failure). */
export class BoundEntry {
  /** The discovery the SDK sees as its own (only one made with the protected-resource metadata). */
  discovery: OAuthDiscoveryState | undefined;
  /** The issuer the last bound discovery found (ours or the SDK's); credentials go only there. */
  issuer: string | undefined;
  /** The entry once opened, for reads without I/O. */
  loaded: AuthEntry | undefined;
  private opening: Promise<AuthEntry> | undefined;

  constructor(private readonly params: BoundEntryParams) {}

  /** The store entry; the first call discovers (RFC 9728 + 8414) and binds the server first. */
  entry(): Promise<AuthEntry> {
    this.opening ??= this.discoverEntry().catch((error: unknown) => {
      this.opening = undefined; // a later request tries again
      throw error;
    });
    return this.opening;
  }

  /** Binds a discovery the SDK made itself (e.g. from a 401's `resource_metadata`), or throws. */
  accept(state: OAuthDiscoveryState): void {
    this.issuer = checkDiscovery(this.params.binding, state);
    this.discovery = state;
  }

  /** Discovers and binds (AUTH_FAILED for a resource or issuer the config refuses), then opens the entry. */
  private async discoverEntry(): Promise<AuthEntry> {
    const discovery = await discoverBound(this.params.binding, this.params.fetchFn);
    this.issuer = checkDiscovery(this.params.binding, discovery);
    // A guess made without the protected-resource metadata (it may live only at the URL a 401
    // names) is not kept as the SDK's discovery state: auth() then discovers from the 401 itself.
    if (discovery.resourceMetadata) this.discovery = discovery;
    const entry = new AuthEntry(this.params.store, this.params.storeKey);
    this.loaded = entry;
    const stored = await entry.current();
    if (stored?.tokens) learnTokenSecrets(this.params.onSecret, stored.tokens);
    if (stored?.client?.client_secret) this.params.onSecret(stored.client.client_secret, "client_secret");
    return entry;
  }
}
