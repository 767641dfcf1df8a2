/**
 * One refresh of one server's tokens, exclusive across processes through the store's lock. Inside
 * the lock the store is read again first: another process may already have refreshed, and a
 * rotating refresh token spent twice revokes the whole grant. A refresh refused for good
 * (`invalid_grant`) drops the tokens, so the next request leads to a new authorization.
 * @module
 */
import {
  auth,
  type FetchLike,
  type OAuthClientProvider,
  OAuthError,
  refreshAuthorization,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { AuthEntry } from "./auth-entry.js";
import { errorCode } from "./auth-message.js";
import { optional } from "./optional.js";
import { withSdkWarnings } from "./sdk-warnings.js";
import type { StoredAuth } from "./token-store.js";

export interface RenewalContext {
  entry: AuthEntry;
  provider: OAuthClientProvider;
  server: string;
  url: string;
  fetchFn: FetchLike;
  /** The access token a server refused (401); undefined for a proactive refresh. */
  rejected: string | undefined;
  headless: boolean;
  isDue(expiresAt: number | undefined): boolean;
  learnSecrets(tokens: StoredOAuthTokens): void;
  warn(message: string): void;
}

/** OAuth errors after which this refresh token (or client) will never work again. */
const FINAL_FOR_TOKENS = new Set(["invalid_grant"]);
const FINAL_FOR_CLIENT = new Set(["invalid_client", "unauthorized_client"]);

/** Whether the entry (just read again under the lock) still needs what the caller asked for. */
function stillNeeded(context: RenewalContext, stored: StoredAuth | undefined): boolean {
  const tokens = stored?.tokens;
  // A headless grant gets its first token here too; a person is needed for the code flow's.
  if (!tokens) return context.headless;
  if (context.rejected !== undefined) return tokens.access_token === context.rejected;
  return context.isDue(stored?.expiresAt);
}

/** Refreshes (or, headless, requests anew) the tokens if still needed, under the store's lock. */
export function renewTokens(context: RenewalContext): Promise<void> {
  const { entry } = context;
  return entry.withLock(async () => {
    const stored = await entry.reload();
    if (!stillNeeded(context, stored)) return;
    if (context.headless) {
      // client_credentials has no refresh token: the SDK's auth() requests a new token, same scope.
      await withSdkWarnings(context.server, context.warn, () =>
        auth(context.provider, {
          serverUrl: context.url,
          fetchFn: context.fetchFn,
          ...optional("scope", stored?.tokens?.scope),
        }),
      );
      return;
    }
    const tokens = stored?.tokens;
    if (!tokens?.refresh_token) return; // nothing to refresh with: the 401 starts an authorization
    await refreshWithToken(context, tokens, tokens.refresh_token);
  });
}

async function refreshWithToken(context: RenewalContext, tokens: StoredOAuthTokens, refreshToken: string) {
  const { entry, provider } = context;
  const discovery = await provider.discoveryState?.();
  if (!discovery) throw new Error("the authorization server is not known");
  const metadata = discovery.authorizationServerMetadata;
  const issuer = metadata?.issuer ?? String(discovery.authorizationServerUrl);
  const clientInformation = await provider.clientInformation({ issuer });
  if (!clientInformation) throw new Error("no OAuth client to refresh with");
  try {
    const fresh = await refreshAuthorization(discovery.authorizationServerUrl, {
      ...optional("metadata", metadata),
      clientInformation,
      refreshToken,
      ...optional("resource", discovery.resourceMetadata?.resource),
      addClientAuthentication: provider.addClientAuthentication,
      fetchFn: context.fetchFn,
    });
    // A server that does not rotate answers no refresh token: the old one stays valid.
    const complete: StoredOAuthTokens = {
      ...fresh,
      refresh_token: fresh.refresh_token ?? tokens.refresh_token,
      issuer,
    };
    context.learnSecrets(complete);
    await entry.saveTokens(complete);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    if (FINAL_FOR_CLIENT.has(error.code)) {
      await entry.update({ tokens: undefined, expiresAt: undefined, client: undefined });
    } else if (FINAL_FOR_TOKENS.has(error.code)) {
      await entry.dropTokens();
    } else {
      throw new Error(`the token refresh failed (${errorCode(error)})`);
    }
    context.warn(
      `MCP server "${context.server}": the authorization server refused the refresh (${errorCode(error)}); authorization is needed`,
    );
  }
}
