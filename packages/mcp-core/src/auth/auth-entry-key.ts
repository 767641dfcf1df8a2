/**
 * The store key of one server's OAuth entry, apart from the entry itself: `authStoreKey` (on the
 * root and stores entries) needs it without the SDK.
 * @module
 */

/** The client part of a store key: what the config says the client is. */
export type AuthClientConfig =
  | { type: "oauth"; clientId?: string | undefined; clientMetadataUrl?: string | undefined }
  | { type: "client_credentials" | "enterprise_managed" | "workload_identity"; clientId: string };

/** The configured client a key names: its id, its metadata document URL, or `dynamic` (registered). */
export function clientKeyOf(auth: AuthClientConfig): string {
  if (auth.type !== "oauth") return auth.clientId;
  return auth.clientMetadataUrl ?? auth.clientId ?? "dynamic";
}

/**
 * The store key of one configured server and one client: `<canonical server URL> <client>`, and
 * for a `perTenant` server's tenant ` tenant:<tenant as a JSON string>` after it (SPEC §23.3). The
 * canonical URL is the configured URL parsed and serialized without its fragment (RFC 8707's
 * resource form). It needs no network: the issuer is not part of it, but stamped on the tokens and
 * the registration the entry holds (and checked before a token is sent or a refresh token spent).
 * A tenant (1 to 256 characters, no control characters) is JSON-quoted, so no tenant's key is
 * another's, nor the server's own.
 */
export function authEntryKey(url: string, client: string, tenant?: string): string {
  // The SDK's resourceUrlFromServerUrl, written out: this module loads with the root entry, the SDK
  // client only when `loadMcp` is called.
  const resource = new URL(url);
  resource.hash = "";
  const base = `${resource.href} ${client}`;
  return tenant === undefined ? base : `${base} tenant:${JSON.stringify(tenant)}`;
}
