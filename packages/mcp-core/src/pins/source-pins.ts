/**
 * The pins of every server of one load: each enabled server's gate with its policy (its entry's
 * `drift`, else the load's), the store they share (the host's, else a file store when a server
 * holds or blocks, else none: pins in memory), and a shared store's pushes routed to the server
 * they belong to.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import type { DriftPolicy, McpDrift } from "../drift-types.js";
import { filePinStore } from "./file-pin-store.js";
import type { PinEntry, PinStore } from "./pin-entry.js";
import { pinKey } from "./pin-key.js";
import { ServerPins } from "./server-pins.js";

/** What a load says about pins. */
export interface PinOptions {
  /** The load-level policy. */
  drift: DriftPolicy;
  /** The host's store, `false` (memory), or undefined (the default). */
  pinStore: PinStore | null | undefined;
}

/** The policy `config` runs under. */
export const driftPolicyOf = (config: ServerConfig, drift: DriftPolicy): DriftPolicy => config.drift ?? drift;

/** The store a load's pins go to (undefined: memory only). */
export function loadPinStore(configs: readonly ServerConfig[], options: PinOptions): PinStore | undefined {
  if (options.pinStore === null) return undefined;
  if (options.pinStore) return options.pinStore;
  const gated = configs.some((c) => c.enabled && driftPolicyOf(c, options.drift) !== "accept");
  return gated ? filePinStore() : undefined;
}

export class SourcePins {
  private readonly byServer = new Map<string, ServerPins>();
  private readonly byKey = new Map<string, (entry: PinEntry) => void>();

  constructor(
    private readonly store: PinStore | undefined,
    private readonly drift: DriftPolicy,
    private readonly onDrift: (server: string, drift: McpDrift) => void,
  ) {}

  /** Makes `config`'s gate (once per server). */
  forServer(config: ServerConfig, warn: (message: string) => void): ServerPins {
    const pins = new ServerPins({
      server: config.name,
      key: pinKey(config),
      policy: driftPolicyOf(config, this.drift),
      store: this.store,
      warn,
      onDrift: (drift) => this.onDrift(config.name, drift),
    });
    this.byServer.set(config.name, pins);
    return pins;
  }

  /** Routes a push for `config`'s key to `adopt` (the server's listing adopts it and gates again). */
  onPush(config: ServerConfig, adopt: (entry: PinEntry) => void): void {
    // A store without pushes routes nothing: no key is hashed for it (a big load has hundreds).
    if (!this.store?.subscribe) return;
    this.byKey.set(pinKey(config), adopt);
  }

  /** Reads every server's pins (before any listing is offered). */
  async load(): Promise<void> {
    await Promise.all([...this.byServer.values()].map((pins) => pins.load()));
  }

  /** Follows the store's pushes, when it has them; returns the unsubscribe. */
  follow(warn: (message: string) => void): () => void {
    if (!this.store?.subscribe) return () => {};
    try {
      return this.store.subscribe((key, entry) => this.byKey.get(key)?.(entry));
    } catch (error) {
      warn(`The pin store's subscription failed: ${String(error)}`);
      return () => {};
    }
  }

  /** Settles once every pin write begun so far has. */
  async flushed(): Promise<void> {
    await Promise.all([...this.byServer.values()].map((pins) => pins.flushed()));
  }
}
