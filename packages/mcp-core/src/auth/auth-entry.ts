/**
 * One server's OAuth entry in the `TokenStore`: its key (the configured server + the client), an
 * in-memory copy so the hot path never reads the store unless a refresh is due, and
 * read-modify-write updates so a write never drops what another process saved in the meantime.
 * @module
 */
import type { StoredOAuthTokens } from "@modelcontextprotocol/client";
import type { StoredAuth, TokenLockOptions, TokenStore } from "./token-store.js";

/** When an access token expires, from `expires_in` (seconds) at save time; undefined when not said. */
export function expiresAtOf(tokens: StoredOAuthTokens, nowMs: number): number | undefined {
  return typeof tokens.expires_in === "number" && Number.isFinite(tokens.expires_in)
    ? nowMs + tokens.expires_in * 1000
    : undefined;
}

/** The cached view of one store entry. */
export class AuthEntry {
  private value: StoredAuth | undefined;
  private loaded = false;

  constructor(
    private readonly store: TokenStore,
    readonly key: string,
  ) {}

  /** The cached entry; the store is read once, then only by {@link reload}. */
  async current(): Promise<StoredAuth | undefined> {
    if (!this.loaded) await this.reload();
    return this.value;
  }

  /** The cached entry without I/O (undefined before the first read). */
  get cached(): StoredAuth | undefined {
    return this.value;
  }

  /** Reads the store again: another process may have refreshed. */
  async reload(): Promise<StoredAuth | undefined> {
    this.value = await this.store.get(this.key);
    this.loaded = true;
    return this.value;
  }

  /** Merges `patch` into the stored entry (read again first) and caches the result. */
  async update(patch: Partial<Omit<StoredAuth, "savedAt">>): Promise<void> {
    const stored = await this.store.get(this.key);
    const next: StoredAuth = { ...stored, ...patch, savedAt: new Date().toISOString() };
    await this.store.set(this.key, next);
    this.value = next;
    this.loaded = true;
  }

  /**
   * Saves a token set, its expiry counted from `requestedAtMs` (when the token was asked for; now
   * when not given): the server's clock started before its answer arrived, so a slow answer must
   * not make the token look valid after the server has expired it.
   */
  saveTokens(tokens: StoredOAuthTokens, requestedAtMs = Date.now()): Promise<void> {
    return this.update({ tokens, expiresAt: expiresAtOf(tokens, requestedAtMs) });
  }

  /** Drops the tokens (keeps the client registration). */
  dropTokens(): Promise<void> {
    return this.update({ tokens: undefined, expiresAt: undefined });
  }

  /** Runs `fn` under the store's lock for this key (exclusive across processes). */
  withLock<T>(fn: () => Promise<T>, options?: TokenLockOptions): Promise<T> {
    return options === undefined
      ? this.store.withLock(this.key, fn)
      : this.store.withLock(this.key, fn, options);
  }
}
