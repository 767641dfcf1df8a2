/**
 * Where OAuth credentials of remote servers are kept between runs and shared between processes.
 * The default is a file store (`fileTokenStore`); a host can give any store that fits this
 * interface (a shared service, a secrets manager). Values are secrets: a store never logs them.
 * @module
 */
import type { StoredOAuthClientInformation, StoredOAuthTokens } from "@modelcontextprotocol/client";

/** What is kept under one key (`authStoreKey`): one configured server and one client; the tokens carry their issuer. */
export interface StoredAuth {
  /** The client's registration (dynamic or metadata document); absent for a configured client id. */
  client?: StoredOAuthClientInformation | undefined;
  /** The latest token set, as the authorization server issued it. */
  tokens?: StoredOAuthTokens | undefined;
  /** When the access token expires, in ms since the epoch (from `expires_in` at save time). */
  expiresAt?: number | undefined;
  /** ISO time of the write. */
  savedAt: string;
}

/**
 * A store of OAuth credentials. `get` returns undefined on a miss and never throws for a corrupt
 * entry (a miss); `withLock` runs `fn` while holding the key's lock, exclusive across every user of
 * the store — other processes included — so one refresh of a rotating refresh token runs at a time.
 */
export interface TokenStore {
  get(key: string): Promise<StoredAuth | undefined>;
  set(key: string, value: StoredAuth): Promise<void>;
  delete(key: string): Promise<void>;
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
}
