/**
 * A listing's pins measured against the approved ones: what was added, changed (with the fields
 * that changed) and removed. The gate (`server-pins.ts`) decides what the drift holds.
 * @module
 */
import type { DriftItem, DriftPolicy, McpDrift } from "../drift-types.js";
import type { PinnedItem } from "./pin-entry.js";
import { changedFields } from "./tool-fingerprint.js";

/** A pin's key in a pin map: a tool and a resource may share a name. */
export const keyOf = (item: Pick<PinnedItem, "kind" | "name">): string => `${item.kind}\u0000${item.name}`;

/** Pins by {@link keyOf}. */
export const byName = (items: readonly PinnedItem[]): Map<string, PinnedItem> =>
  new Map(items.map((item) => [keyOf(item), item]));

/** The drift of `items` (a listing's pins) from `pins` (none: everything is added); nothing held yet. */
export function measureDrift(
  pins: ReadonlyMap<string, PinnedItem> | undefined,
  items: readonly PinnedItem[],
  server: string,
  policy: DriftPolicy,
): McpDrift {
  const approved = pins ?? new Map<string, PinnedItem>();
  const drift: McpDrift = { server, policy, added: [], removed: [], changed: [], held: [], blocked: false };
  const listed = new Set<string>();
  for (const item of items) {
    listed.add(keyOf(item));
    const pinned = approved.get(keyOf(item));
    const entry: DriftItem = { kind: item.kind, name: item.name, fingerprint: item.fingerprint };
    if (!pinned) drift.added.push(entry);
    else if (pinned.fingerprint !== item.fingerprint) {
      drift.changed.push({ ...entry, fields: changedFields(pinned, item), pinned: pinned.fingerprint });
    }
  }
  for (const pinned of approved.values()) {
    if (pinned.kind === "tool" && !listed.has(keyOf(pinned))) {
      drift.removed.push({ kind: "tool", name: pinned.name, pinned: pinned.fingerprint });
    }
  }
  return drift;
}
