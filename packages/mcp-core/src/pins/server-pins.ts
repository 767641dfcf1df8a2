/**
 * The drift gate of one server, a stage of its tool projection (`ServerListing.offer`): measures
 * each listing against the server's pins, decides by the server's policy which tools go on to the
 * tool set, keeps the pins (trust on first use; `accept` follows the listing; an approval moves
 * them) and reports each new drift once.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { DriftPolicy, McpDrift } from "../drift-types.js";
import { errorMessage } from "../errors.js";
import { byName, keyOf, measureDrift } from "./drift-measure.js";
import { type GatedListing, itemsOf, pinsBeside } from "./gated-listing.js";
import { isPinEntry, type PinEntry, type PinnedItem, type PinStore } from "./pin-entry.js";
import { changedFields, pinItem } from "./tool-fingerprint.js";

/** What one server's gate is made with. */
export interface ServerPinsOptions {
  server: string;
  /** `pinKey` of the server's config. */
  key: string;
  policy: DriftPolicy;
  /** Undefined: pins live in this process only (a load where every server accepts). */
  store: PinStore | undefined;
  warn: (message: string) => void;
  /** Receives each new drift, after the tool set took it in (the source's `onDrift`). */
  onDrift?: ((drift: McpDrift) => void) | undefined;
}

/** The gate's verdict on a listing. */
export interface GateVerdict {
  /** The tools that go on to the tool set, in listing order. */
  passed: Tool[];
  /** The drift, when it differs from the last one reported (report it); else undefined. */
  drift: McpDrift | undefined;
}

/** A tool the gate keeps out: the call error's code and why, for its message. */
export interface HeldTool {
  code: "TOOL_HELD" | "TOOL_BLOCKED";
  why: string;
}

export class ServerPins {
  /** The approved items by name, when made (see `pins`). */
  private pinMap: Map<string, PinnedItem> | undefined;
  /**
   * The first listing, taken in on first use while no pin of it was needed yet: it is the pins,
   * fingerprinted when something reads them (`pins`). Only a gate that writes no pin defers so
   * (SPEC "Pins and drift": a lazy load's warm start fingerprints nothing under `accept`).
   */
  private unpinned: GatedListing | undefined;
  /** The last listing gated (what an approval applies to). */
  private last: GatedListing | undefined;
  /** Raw names kept out now, with why (for a call that reaches one). */
  private readonly held = new Map<string, HeldTool>();
  private lastReported = "";
  /** App resources read with another fingerprint than their pin, waiting for approval (by URI). */
  private readonly waitingResources = new Map<string, PinnedItem>();
  /** The drift of the last listing gated, reported or not (undefined when there is none). */
  private current: McpDrift | undefined;
  private writes: Promise<void> = Promise.resolve();
  /**
   * Whether the store's read failed (refused, unreachable): the pins kept there are unknown, so
   * this process trusts its listing on first use in memory and writes nothing back over them.
   */
  private unread = false;

  constructor(private readonly options: ServerPinsOptions) {}

  /** The approved items by name; undefined until the first listing when the store had none. */
  private get pins(): Map<string, PinnedItem> | undefined {
    if (this.unpinned) {
      this.pinMap = byName(itemsOf(this.unpinned));
      this.unpinned = undefined;
    }
    return this.pinMap;
  }

  private set pins(pins: Map<string, PinnedItem> | undefined) {
    this.unpinned = undefined;
    this.pinMap = pins;
  }

  /** Whether a pin made now would be written (a store this process may write to). */
  private get persists(): boolean {
    return this.options.store !== undefined && !this.unread;
  }

  get policy(): DriftPolicy {
    return this.options.policy;
  }

  /** Reads the server's pins from the store; a refused or failed read is a server without pins. */
  async load(): Promise<void> {
    const { store, key, server } = this.options;
    if (!store) return;
    try {
      const entry = await store.get(key);
      if (entry && isPinEntry(entry, key)) this.pins = byName(entry.items);
    } catch (error) {
      this.unread = true;
      this.options.warn(
        `MCP server "${server}": its pins could not be read (${errorMessage(error)}); its listing is trusted in this process only, and no pin is written`,
      );
    }
  }

  /** Adopts pins another writer stored (a shared store's push); the caller gates its listing again. */
  adopt(entry: PinEntry): void {
    if (!isPinEntry(entry, this.options.key)) return;
    this.pins = byName(entry.items);
    this.unread = false;
  }

  /** Gates `tools` (the server's listing after its filters) against the pins. */
  gate(tools: Tool[]): GateVerdict {
    const listing: GatedListing = { tools, at: new Date().toISOString() };
    this.held.clear();
    if (this.pinMap === undefined && this.unpinned === undefined) {
      // First use: nothing was approved yet, so this listing is. Its fingerprints are made when
      // they are written, or when a later listing is measured against them.
      this.last = listing;
      if (this.persists) {
        this.pins = byName(itemsOf(listing));
        this.save();
      } else this.unpinned = listing;
      this.lastReported = "";
      this.current = undefined;
      return { passed: tools, drift: undefined };
    }
    this.last = listing;
    if (this.unpinned) this.pins = byName(pinsBeside(this.unpinned, listing));
    const items = itemsOf(listing);
    const drift = measureDrift(this.pins, items, this.options.server, this.policy);
    const waiting = [...drift.added, ...drift.changed];
    let passed = tools;
    if (this.policy === "accept") {
      if (waiting.length + drift.removed.length > 0) this.acceptAll(items);
    } else if (this.policy === "block" && waiting.length > 0) {
      drift.blocked = true;
      const why = `its server changed ${waiting.map((item) => JSON.stringify(item.name)).join(", ")}`;
      for (const tool of tools) this.held.set(tool.name, { code: "TOOL_BLOCKED", why });
      passed = [];
    } else if (waiting.length > 0) {
      for (const item of waiting) {
        const why = item.fields ? `its ${item.fields.join(", ")} changed since it was approved` : "it is new";
        this.held.set(item.name, { code: "TOOL_HELD", why });
      }
      passed = tools.filter((tool) => !this.held.has(tool.name));
    }
    drift.held = [...this.held.keys()];
    const size = drift.added.length + drift.removed.length + drift.changed.length;
    // Under `accept` the drift is taken in at once: nothing waits.
    this.current = size > 0 && this.policy !== "accept" ? drift : undefined;
    return { passed, drift: this.report(drift) };
  }

  /**
   * Approves the waiting items named (raw names; all when `names` is undefined) of the last
   * listing: their definitions as listed now become the pins. Returns the names approved; the
   * caller gates the listing again.
   */
  approve(names?: readonly string[]): string[] {
    if (!this.pins) return [];
    const lastItems = this.last ? itemsOf(this.last) : [];
    const drift = measureDrift(this.pins, lastItems, this.options.server, this.policy);
    const wanted = names && new Set(names);
    const approved: string[] = [];
    const current = byName(lastItems);
    for (const item of [...drift.added, ...drift.changed, ...drift.removed]) {
      if (wanted && !wanted.has(item.name)) continue;
      const next = current.get(keyOf(item));
      if (next) this.pins.set(keyOf(item), next);
      else this.pins.delete(keyOf(item));
      approved.push(item.name);
    }
    for (const [uri, item] of this.waitingResources) {
      if (wanted && !wanted.has(uri)) continue;
      this.pins.set(keyOf(item), item);
      this.waitingResources.delete(uri);
      approved.push(uri);
    }
    if (approved.length > 0) this.save();
    return approved;
  }

  /**
   * Measures an MCP Apps resource as read (`fields`: what the host receives of it) against its pin,
   * and reports a drift of it like a tool's (`kind: "app-resource"`, `name`: the URI). Returns
   * whether it may be delivered. Its first read pins it (the approved tool named its URI); under
   * `accept` a change is pinned, reported and delivered; under `hold` and `block` a changed
   * resource waits for `approveDrift` (by its URI, or with everything) and is reported once.
   */
  checkResource(uri: string, fields: Record<string, unknown>): boolean {
    const item = pinItem("app-resource", uri, fields, new Date().toISOString());
    this.pins ??= new Map();
    const pinned = this.pins.get(keyOf(item));
    if (pinned?.fingerprint === item.fingerprint) return true;
    if (pinned && this.waitingResources.get(uri)?.fingerprint === item.fingerprint) return false;
    const hold = pinned !== undefined && this.policy !== "accept";
    if (hold) this.waitingResources.set(uri, item);
    else {
      this.pins.set(keyOf(item), item);
      this.save();
    }
    if (pinned) {
      this.announce({
        server: this.options.server,
        policy: this.policy,
        added: [],
        removed: [],
        changed: [
          {
            kind: item.kind,
            name: uri,
            fingerprint: item.fingerprint,
            fields: changedFields(pinned, item),
            pinned: pinned.fingerprint,
          },
        ],
        held: hold ? [uri] : [],
        blocked: false,
      });
    }
    return !hold;
  }

  /** Reports a drift `gate` returned, once the tool set has taken the verdict in. */
  announce(drift: McpDrift): void {
    this.options.onDrift?.(drift);
  }

  /** What waits for approval since the last listing (undefined when nothing does). */
  pending(): McpDrift | undefined {
    return this.current;
  }

  /** The last listing gated (what to gate again after an approval or a push). */
  lastListing(): Tool[] | undefined {
    return this.last?.tools;
  }

  /** Why a call to `rawName` is refused, when the gate holds it. */
  heldReason(rawName: string): HeldTool | undefined {
    return this.held.get(rawName);
  }

  /** The pins as a store entry. */
  entry(): PinEntry {
    const { server, key } = this.options;
    return { version: 1, server, key, items: [...(this.pins?.values() ?? [])] };
  }

  /** Settles once every pin write begun so far has (close waits for it). */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** `accept`: the listing becomes the pins; an unchanged item keeps its approval time. */
  private acceptAll(items: readonly PinnedItem[]): void {
    const pins = this.pins ?? new Map<string, PinnedItem>();
    const next = new Map<string, PinnedItem>();
    for (const item of items) {
      const old = pins.get(keyOf(item));
      next.set(keyOf(item), old?.fingerprint === item.fingerprint ? old : item);
    }
    // An app resource's pins are not the listing's to drop.
    for (const old of pins.values()) if (old.kind !== "tool") next.set(keyOf(old), old);
    this.pins = next;
    this.save();
  }

  /** The drift to report: undefined when it is empty or the same as the last one reported. */
  private report(drift: McpDrift): McpDrift | undefined {
    const size = drift.added.length + drift.removed.length + drift.changed.length;
    const key = size === 0 ? "" : JSON.stringify([drift.added, drift.removed, drift.changed, drift.blocked]);
    if (key === this.lastReported) return undefined;
    this.lastReported = key;
    return size === 0 ? undefined : drift;
  }

  private save(): void {
    const { store, server, key } = this.options;
    if (!store || this.unread) return;
    const entry = this.entry();
    // Chained, so the last pins written are the last pins made.
    this.writes = this.writes.then(async () => {
      try {
        await store.set(key, entry);
      } catch (error) {
        this.options.warn(`MCP server "${server}": its pins could not be written: ${errorMessage(error)}`);
      }
    });
  }
}
