/**
 * The pins of one server as a store keeps them, and the store interface (a file beside the
 * listing cache by default, Redis for a fleet). The format is shared across ports (SPEC "Pins and
 * drift").
 * @module
 */
import type { DriftItemKind } from "../drift-types.js";

/** One approved definition. */
export interface PinnedItem {
  kind: DriftItemKind;
  /** Raw tool name, or resource URI. */
  name: string;
  /** SHA-256 (lowercase hex) of the canonical JSON of the pinned fields. */
  fingerprint: string;
  /** Each present pinned field's own SHA-256, so a drift can say which fields changed. */
  fields: Record<string, string>;
  /** ISO time of the approval. */
  pinnedAt: string;
}

/** The pins of one server. */
export interface PinEntry {
  version: 1;
  server: string;
  /** The pin key this entry belongs to (`pinKey` of the server's config). */
  key: string;
  items: PinnedItem[];
}

/** Called by a store that can push with an entry some writer stored under `key`. */
export type PinListener = (key: string, entry: PinEntry) => void;

/**
 * Where pins are kept. `get` returns undefined when the server has none yet (its first listing is
 * then accepted and pinned: trust on first use). A store must never throw for a corrupt entry; it
 * may reject `get` to refuse an entry it cannot trust: the source warns and the server has no pins.
 */
export interface PinStore {
  get(key: string): Promise<PinEntry | undefined> | PinEntry | undefined;
  set(key: string, entry: PinEntry): Promise<void> | void;
  /**
   * Optional, for a store shared by several processes: calls `listener` with every entry written
   * under any key, by this process or another, until the returned function is called. An approval
   * made by one worker (or by `toolnexus-mcp approve`) then releases the held tools of the others.
   */
  subscribe?(listener: PinListener): () => void;
}

const isString = (v: unknown): v is string => typeof v === "string";

function isPinnedItem(value: unknown): value is PinnedItem {
  const item = value as Partial<PinnedItem> | null;
  return (
    typeof item === "object" &&
    item !== null &&
    (item.kind === "tool" || item.kind === "app-resource") &&
    isString(item.name) &&
    isString(item.fingerprint) &&
    isString(item.pinnedAt) &&
    typeof item.fields === "object" &&
    item.fields !== null &&
    Object.values(item.fields).every(isString)
  );
}

/** Whether `value` is a version 1 pin entry for `key` (a store's read, a push). */
export function isPinEntry(value: unknown, key: string): value is PinEntry {
  const entry = value as Partial<PinEntry> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    entry.version === 1 &&
    entry.key === key &&
    isString(entry.server) &&
    Array.isArray(entry.items) &&
    entry.items.every(isPinnedItem)
  );
}
