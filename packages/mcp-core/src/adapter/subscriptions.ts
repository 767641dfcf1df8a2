/**
 * The subscriptions an adapter's toolkit makes on a source, removed together by `dispose()`.
 * @module
 */
import type { McpSource, ToolsChange } from "../types.js";

/** The subscriptions of one toolkit. */
export interface Subscriptions {
  /**
   * Subscribes `listener` to the source's tool changes (re-emitted unchanged) and tracks it.
   * @returns an unsubscribe function (idempotent)
   * @throws Error after {@link Subscriptions.dispose}
   */
  onToolsChange(listener: (server: string, change: ToolsChange) => void): () => void;
  /** Tracks an unsubscribe function the adapter got elsewhere, so `dispose()` calls it (at once, after disposal). */
  track(unsubscribe: () => void): () => void;
  /** Calls every tracked unsubscribe function once. Idempotent; does not close the source. */
  dispose(): void;
}

/**
 * A subscription set over `source`.
 * @param owner what the user holds, for the error after disposal (e.g. `"LangChain toolkit"`)
 */
export function createSubscriptions(source: Pick<McpSource, "onToolsChange">, owner: string): Subscriptions {
  const active = new Set<() => void>();
  let disposed = false;
  const track = (unsubscribe: () => void) => {
    // Disposed already: nothing may stay subscribed.
    if (disposed) {
      unsubscribe();
      return () => {};
    }
    const remove = () => {
      if (active.delete(remove)) unsubscribe();
    };
    active.add(remove);
    return remove;
  };
  return {
    onToolsChange(listener) {
      if (disposed) throw new Error(`onToolsChange: this ${owner} was disposed`);
      return track(source.onToolsChange(listener));
    },
    track,
    dispose() {
      disposed = true;
      for (const remove of [...active]) remove();
    },
  };
}
