/**
 * Where a result over the model's budget is kept so the model can read it in slices by its handle.
 * A store holds opaque strings (the budget stage decides what they hold); the memory store is the
 * default, a file store and `@toolnexus/store-redis`'s store (a handle read on any worker) implement
 * the same interface.
 * @module
 */

/** A store of kept results, keyed by handle. Every method resolves; a store fault is reported, not thrown. */
export interface ResultStore {
  /**
   * Keeps `value` under `handle` for `ttlMs`. A store over its own bound drops what was used least
   * recently; a value larger than the whole bound is not kept (a later `get` answers undefined).
   */
  put(handle: string, value: string, ttlMs: number): Promise<void>;
  /** The value kept under `handle`, or undefined when it expired, was dropped or was never kept. */
  get(handle: string): Promise<string | undefined>;
  /** Releases what the store holds open (timers, connections); called by the supervisor's `close()`. */
  close?(): Promise<void>;
}
