/**
 * One refresh of one server's tokens, exclusive across processes through the store's lock. Inside
 * the lock the store is read again first: another process may already have refreshed, and a
 * rotating refresh token spent twice revokes the whole grant. A refresh refused for good
 * (`invalid_grant`) drops the tokens, so the next request leads to a new authorization. A refresh
 * token goes only to the issuer that issued it (the entry's stamp), with the bound resource.
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
import { isMcpCoreError, McpCoreError } from "../errors.js";
import { tracedTokenRequest } from "../tracing/token-span.js";
import type { AuthEntry } from "./auth-entry.js";
import { errorCode, messageOf } from "./auth-message.js";
import type { DpopBinding } from "./dpop-binding.js";
import { optional } from "./optional.js";
import { assertResource, issuerOf, issuersMatch, type ServerBinding } from "./resource-binding.js";
import { withSdkWarnings } from "./sdk-warnings.js";
import type { StoredAuth } from "./token-store.js";

export interface RenewalContext {
  entry: AuthEntry;
  provider: OAuthClientProvider;
  server: string;
  url: string;
  /** The configured server; the refresh's `resource` is checked against it. */
  binding: ServerBinding;
  /** The issuer the provider's discovery is bound to. */
  issuer: string | undefined;
  fetchFn: FetchLike;
  /** The access token a server refused (401); undefined for a proactive refresh. */
  rejected: string | undefined;
  /**
   * The caller holds a token still good to send (a proactive refresh with more than half the skew
   * left): while another process's refresh holds the lock, it goes on with that token instead of
   * waiting (`skipIfBusy`, SPEC §3.5.4).
   */
  goOnIfBusy?: boolean | undefined;
  headless: boolean;
  /** The server's DPoP state: the refresh is signed with the issuer's key and its answer checked. */
  dpop?: DpopBinding | undefined;
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

/**
 * Refreshes (or, headless, requests anew) the tokens if still needed, under the store's lock. The
 * store is told what "still needed" means, so one that watches the entry can hand this worker
 * another's fresh write instead of a turn at the lock (the function then reads it and returns).
 * Resolves true when the store went on without running it (`goOnIfBusy`: another's refresh in
 * flight), nothing read or refreshed.
 */
export async function renewTokens(context: RenewalContext): Promise<boolean> {
  const { entry } = context;
  // One verdict per entry read: a store that adopts a write runs `fn` on the very entry it judged
  // not needed, and `fn` must judge it the same — a token crossing its refresh point in between
  // must not start a refresh outside the lock.
  const verdicts = new WeakMap<StoredAuth, boolean>();
  const needed = (stored: StoredAuth | undefined): boolean => {
    if (!stored) return stillNeeded(context, stored);
    const verdict = verdicts.get(stored) ?? stillNeeded(context, stored);
    verdicts.set(stored, verdict);
    return verdict;
  };
  let ran = false; // a store that honours skipIfBusy may resolve without running the function
  await entry.withLock(
    async () => {
      ran = true;
      const stored = await entry.reload();
      if (!needed(stored)) return;
      if (context.headless) {
        // client_credentials has no refresh token: the SDK's auth() requests a new token, same scope.
        const grant = { server: context.server, grantType: "client_credentials" as const };
        await tracedTokenRequest(grant, () =>
          withSdkWarnings(context.server, context.warn, () =>
            auth(context.provider, {
              serverUrl: context.url,
              fetchFn: context.fetchFn,
              ...optional("scope", stored?.tokens?.scope),
            }),
          ),
        );
        return;
      }
      const tokens = stored?.tokens;
      if (!tokens?.refresh_token) return; // nothing to refresh with: the 401 starts an authorization
      await refreshWithToken(context, tokens, tokens.refresh_token);
    },
    { stillNeeded: needed, ...(context.goOnIfBusy === true ? { skipIfBusy: true } : {}) },
  );
  return !ran;
}

async function refreshWithToken(context: RenewalContext, tokens: StoredOAuthTokens, refreshToken: string) {
  const { entry, provider } = context;
  const discovery = await provider.discoveryState?.();
  if (!discovery) throw new Error("the authorization server is not known");
  const metadata = discovery.authorizationServerMetadata;
  const issuer = issuerOf(discovery);
  // The refresh token goes back only to the issuer that issued it (stamped when saved), and that
  // issuer must still be the bound one; otherwise the 401 leads to a new authorization instead.
  const bound = context.issuer !== undefined && issuersMatch(issuer, context.issuer);
  if (!bound || typeof tokens.issuer !== "string" || !issuersMatch(tokens.issuer, issuer)) {
    context.warn(
      `MCP server "${context.server}": the stored refresh token was not issued by the bound authorization server; it is not used (authorization is needed)`,
    );
    return;
  }
  const resource = discovery.resourceMetadata?.resource;
  if (resource !== undefined) assertResource(context.binding, resource);
  const clientInformation = await provider.clientInformation({ issuer });
  if (!clientInformation) throw new Error("no OAuth client to refresh with");
  // The same key as the token being refreshed (RFC 9449 §5: a public client's refresh token is bound to it).
  await context.dpop?.adopt(tokens, issuer); // another process's sealed key: refresh with it
  const dpop = await context.dpop?.session(issuer, metadata);
  try {
    const requestedAt = Date.now();
    const url = metadata?.token_endpoint ?? String(discovery.authorizationServerUrl);
    const grant = { server: context.server, grantType: "refresh_token" as const, url };
    const fresh = await tracedTokenRequest(grant, () =>
      refreshAuthorization(discovery.authorizationServerUrl, {
        ...optional("metadata", metadata),
        clientInformation,
        refreshToken,
        ...optional("resource", resource),
        addClientAuthentication: provider.addClientAuthentication,
        ...optional("dpop", dpop),
        fetchFn: context.fetchFn,
      }),
    );
    const checked = context.dpop ? context.dpop.bind(fresh, tokens, dpop) : fresh;
    // A server that does not rotate answers no refresh token: the old one stays valid.
    const complete: StoredOAuthTokens = {
      ...checked,
      refresh_token: fresh.refresh_token ?? tokens.refresh_token,
      issuer,
    };
    context.learnSecrets(complete);
    await entry.saveTokens(complete, requestedAt);
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

/**
 * The error a failed refresh fails its call with. A store that cannot be reached keeps its code
 * (`AUTH_STORE_UNAVAILABLE`), now naming the server: the refresh did not run, rather than run
 * uncoordinated and spend a refresh token the rest of the fleet shares.
 */
export function renewalFailure(server: string, error: unknown): Error {
  const message = `MCP server "${server}": ${messageOf(error)}`;
  if (isMcpCoreError(error) && error.code === "AUTH_STORE_UNAVAILABLE")
    return new McpCoreError("AUTH_STORE_UNAVAILABLE", `${message}; the token was not refreshed`, {
      server,
      cause: error,
    });
  return new Error(message);
}
