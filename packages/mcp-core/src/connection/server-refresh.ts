/**
 * Re-listing a running server: `list_changed` notifications debounced (with a cap), requests
 * coalesced (one in flight, one queued), a listing of a replaced session discarded, a failed one
 * warned about while the previous generation stays.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { errorMessage } from "../errors.js";
import type { LifecycleState } from "../machine/lifecycle-state.js";
import { CappedDebounce } from "../timing/capped-debounce.js";
import type { Pulse } from "../timing/pulse.js";
import { RefreshQueue } from "../timing/refresh-queue.js";
import type { ServerListing } from "../tools/server-listing.js";
import { listingFailure } from "./start-failure.js";

type Running = Extract<LifecycleState, { kind: "running" }>;

export class ServerRefresh {
  private readonly queue = new RefreshQueue(() => this.relist());
  private readonly debounce: CappedDebounce;

  constructor(
    private readonly config: ServerConfig,
    /** The running state, or undefined when the server does not run. */
    private readonly running: () => Running | undefined,
    private readonly listing: ServerListing,
    private readonly warn: (message: string) => void,
    debounceMs: number,
    /** Fired when a debounced refresh begins or a listing ends (the settle barrier re-checks). */
    private readonly changed: Pulse,
  ) {
    this.debounce = new CappedDebounce(debounceMs, 10 * debounceMs, () => {
      void this.request().catch(() => {});
      this.changed.fire();
    });
  }

  /** A `list_changed` notification arrived. */
  notified(): void {
    this.debounce.trigger();
  }

  /** The session ended: a pending notification no longer matters (every reconnect re-lists). */
  cancel(): void {
    this.debounce.cancel();
  }

  /** Re-lists a running server; resolves after a listing that started after the request. */
  request(): Promise<void> {
    if (!this.running()) return Promise.resolve();
    return this.queue.request();
  }

  /** What a settle barrier waits for next, or undefined when nothing is pending. */
  pending(): Promise<void> | undefined {
    if (this.debounce.pending) return this.changed.next();
    return this.queue.pending?.catch(() => {});
  }

  private async relist(): Promise<void> {
    const running = this.running();
    if (!running) return;
    const { timeoutMs, name } = this.config;
    try {
      const listing = await running.session.listTools({ timeoutMs });
      // A listing that completes after its session was replaced is discarded.
      if (this.running() !== running) return;
      for (const warning of listing.warnings) this.warn(warning);
      this.listing.offer(listing.tools, "session");
    } catch (error) {
      const reason = errorMessage(listingFailure(name, error, timeoutMs));
      this.warn(`MCP server "${name}": tool refresh failed, keeping the previous tools: ${reason}`);
    } finally {
      this.changed.fire();
    }
  }
}
