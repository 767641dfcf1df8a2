/** A set of listeners; a throwing listener is reported and never breaks the others. */
export class EventHub<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** How many listeners there are. */
  get size(): number {
    return this.listeners.size;
  }

  subscribe(listener: (...args: Args) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(...args: Args): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(...args);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}

/**
 * Named events, each with its own listeners (an `EventHub` per topic): the one place the layers of
 * a connection announce what happened, instead of callbacks handed through layers that only pass
 * them on. `Topics` maps each name to its arguments.
 */
export class TopicHub<Topics extends Record<string, unknown[]>> {
  private readonly hubs = new Map<keyof Topics, EventHub<never[]>>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Listens to `topic` until the returned function is called. */
  on<K extends keyof Topics>(topic: K, listener: (...args: Topics[K]) => void): () => void {
    let hub = this.hubs.get(topic) as EventHub<Topics[K]> | undefined;
    if (!hub) {
      hub = new EventHub<Topics[K]>(this.onListenerError);
      this.hubs.set(topic, hub as unknown as EventHub<never[]>);
    }
    return hub.subscribe(listener);
  }

  /** Whether anyone listens to `topic`. */
  heard(topic: keyof Topics): boolean {
    return (this.hubs.get(topic)?.size ?? 0) > 0;
  }

  emit<K extends keyof Topics>(topic: K, ...args: Topics[K]): void {
    (this.hubs.get(topic) as EventHub<Topics[K]> | undefined)?.emit(...args);
  }
}
