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
 * What a refresh tells the store about its `withLock` (the optional third argument). A store may
 * ignore it: it then queues as before.
 */
export interface TokenLockOptions {
  /**
   * Whether `fn` would still have work to do after reading `stored` from the store (false: it
   * would read the entry and return, writing nothing). A store that can watch the entry may then,
   * while another user holds the lock, wait for that user's write instead of queuing for the lock,
   * and — once an entry is written for which this answers false — run `fn` without the lock, its
   * `get(key)` answering exactly that entry and any write of the key inside it refused.
   */
  stillNeeded?: ((stored: StoredAuth | undefined) => boolean) | undefined;
  /**
   * The caller can go on without `fn` while another user holds the lock (it has a token still good
   * to use, and that user's refresh is in flight). A store may then, instead of waiting, resolve
   * `undefined` at once without running `fn` — only while the lock is held by another user: a free
   * lock is taken, and an entry `stillNeeded` judges done is adopted, as without it.
   * @default false
   */
  skipIfBusy?: boolean | undefined;
}

/**
 * An authorization request one user of the store began (it built the authorization URL) and any
 * user may complete: what the code exchange needs besides the code. Kept under the entry's key and
 * the request's `state`; a secret (the PKCE verifier, a registered client's secret).
 */
export interface PendingAuthorization {
  /** The PKCE code verifier of the request. */
  codeVerifier: string;
  /** The redirect URL the request named: the code exchange repeats it. */
  redirectUrl?: string | undefined;
  /** The stored client registration the request was made with (dynamic or metadata document). */
  client?: StoredOAuthClientInformation | undefined;
}

/**
 * A store of OAuth credentials. `get` returns undefined on a miss and never throws for a corrupt
 * entry (a miss); `withLock` runs `fn` while holding the key's lock, exclusive across every user of
 * the store — other processes included — so one refresh of a rotating refresh token runs at a time
 * (or, given `options.stillNeeded`, runs it after another user's write made it needless: see
 * {@link TokenLockOptions}).
 */
export interface TokenStore {
  get(key: string): Promise<StoredAuth | undefined>;
  set(key: string, value: StoredAuth): Promise<void>;
  delete(key: string): Promise<void>;
  withLock<T>(key: string, fn: () => Promise<T>, options?: TokenLockOptions): Promise<T>;
  /**
   * Optional, with {@link takePendingAuthorization}: keeps a begun authorization request for
   * `ttlMs` (sealed where the store has a secret), so that any user of the store — another worker
   * of a fleet — can complete it. A store without the pair keeps today's behaviour: only the
   * process that began a request completes it.
   */
  savePendingAuthorization?(
    key: string,
    state: string,
    value: PendingAuthorization,
    ttlMs: number,
  ): Promise<void>;
  /**
   * The request kept under `key` and `state`, removed as it is read: across every user of the
   * store, at most one gets it. Undefined when there is none, it expired, or it cannot be trusted.
   */
  takePendingAuthorization?(key: string, state: string): Promise<PendingAuthorization | undefined>;
}
