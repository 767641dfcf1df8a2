/**
 * What a worker waiting for a busy token lease listens to: the announcements on the entry's channel
 * (a write, a release; scripts.ts), on the stores' shared subscriber connection
 * (shared-subscriber.ts) — opened at the first subscription of either store, so a fleet where no
 * grant is shared and no listing is followed never opens it — and one subscription per entry
 * waited on, kept (up to {@link MAX_CHANNELS}, the least recently waited on dropped first) so the
 * next token lifetime's wait starts at once; on a replicated Redis also one per entry read, so a
 * write's announced version is heard before a failover can lose it (token-store.ts). A message
 * carries nothing to trust: a write or a release wakes the waiters, who read the entry again (a
 * lease `taken` does not: what they wait for is its write or release). Messages lost while the connection is away are covered by
 * the waiters' bounded polls.
 * @module
 */
import type { SharedSubscriber } from "./shared-subscriber.js";
/** Most channels one store stays subscribed to. */
export const MAX_CHANNELS = 1_000;

interface Channel {
  /** Resolves true once the subscription is active, false if it could not be made. */
  subscribed: Promise<boolean>;
  active: boolean;
  /** The subscription could not be made: the next wait tries again. */
  failed: boolean;
  /** Messages seen on the channel so far. */
  generation: number;
  wakers: Set<() => void>;
}

/** The subscriptions of one token store (see the module comment). */
export class TokenWatch {
  private readonly channels = new Map<string, Channel>();
  private closed = false;

  /**
   * @param shared the stores' subscriber connection.
   * @param heard called with every message on a watched channel (its text is not to be trusted).
   */
  constructor(
    private readonly shared: SharedSubscriber,
    private readonly heard: (channel: string, message: string) => void = () => {},
  ) {}

  /** Subscribes to `channel` without waiting (once; later calls mark it recently used). */
  follow(channel: string): void {
    if (this.closed) return;
    let known = this.channels.get(channel);
    if (known) this.channels.delete(channel); // re-inserted last: the least recently used go first
    if (!known || known.failed) known = this.subscribe(channel);
    this.channels.set(channel, known);
    this.forgetOldest();
  }

  /** Whether `channel`'s subscription is active. */
  watching(channel: string): boolean {
    return this.channels.get(channel)?.active === true;
  }

  /** How many messages `channel` has had (0 when not watched); read before a read of the entry. */
  generation(channel: string): number {
    return this.channels.get(channel)?.generation ?? 0;
  }

  /**
   * Subscribes to `channel` (once; later calls mark it recently used). Resolves true when the
   * subscription is active, false when it could not be made within `boundMs` (then the waiter polls).
   */
  async watch(channel: string, boundMs: number): Promise<boolean> {
    if (this.closed) return false;
    this.follow(channel);
    const known = this.channels.get(channel) as Channel;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, boundMs));
    });
    try {
      return await Promise.race([known.subscribed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves at the first message on `channel` after generation `since`, or after `ms`. */
  next(channel: string, since: number, ms: number): Promise<void> {
    const known = this.channels.get(channel);
    if (known && known.generation > since) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        known?.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      known?.wakers.add(wake);
    });
  }

  /** Ends every subscription and the connection (idempotent); waiters fall back to their polls. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const known of this.channels.values()) for (const wake of [...known.wakers]) wake();
    for (const channel of this.channels.keys()) this.shared.unlisten(channel, this.onMessage);
    this.channels.clear();
  }

  private subscribe(channel: string): Channel {
    const known: Channel = {
      subscribed: Promise.resolve(false),
      active: false,
      failed: false,
      generation: 0,
      wakers: new Set(),
    };
    known.subscribed = this.shared.listen(channel, this.onMessage).then(
      () => {
        known.active = !this.closed && this.channels.get(channel) === known;
        return known.active;
      },
      () => {
        known.failed = true; // no pub/sub now (a client without it, Redis away): the waiter polls
        return false;
      },
    );
    return known;
  }

  private forgetOldest(): void {
    for (const [channel, known] of this.channels) {
      if (this.channels.size <= MAX_CHANNELS) return;
      if (known.wakers.size > 0) continue;
      this.channels.delete(channel);
      this.shared.unlisten(channel, this.onMessage);
    }
  }

  private readonly onMessage = (message: string, channel: string): void => {
    const known = this.channels.get(channel);
    if (!known) return;
    if (message !== "taken") {
      known.generation++;
      for (const wake of [...known.wakers]) wake();
    }
    this.heard(channel, message);
  };
}
