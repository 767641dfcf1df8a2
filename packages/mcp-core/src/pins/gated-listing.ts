/**
 * A listing the drift gate took in, and its pins, made once and only when something reads them:
 * a first-use listing whose pins are written nowhere is kept as the pins unhashed (ARCHITECTURE "A
 * listing's tools are read-only"), so a warm lazy load fingerprints nothing.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { PinnedItem } from "./pin-entry.js";
import { pinTool, samePinnedFields } from "./tool-fingerprint.js";

/** A gated listing; `items` once made. */
export interface GatedListing {
  tools: Tool[];
  /** When it was gated: its items' `pinnedAt`, whenever they are made. */
  at: string;
  items?: PinnedItem[];
}

/** A gated listing's pins, made once (its tools are not changed after they are listed). */
export function itemsOf(listing: GatedListing): PinnedItem[] {
  listing.items ??= listing.tools.map((tool) => pinTool(tool, listing.at));
  return listing.items;
}

/**
 * The first listing's pins, made when the next listing is measured against them: a tool whose
 * pinned fields equal those of the next listing's tool of its name takes that tool's hashes (the
 * same fields make the same text), with its own gate time; any other is fingerprinted. A refresh
 * then hashes its own listing only, as when the first listing was fingerprinted at its gate.
 */
export function pinsBeside(first: GatedListing, next: GatedListing): PinnedItem[] {
  const nextItems = itemsOf(next);
  const nextAt = new Map(next.tools.map((tool, i) => [tool.name, i]));
  first.items ??= first.tools.map((tool) => {
    const i = nextAt.get(tool.name);
    const twin = i === undefined ? undefined : nextItems[i];
    if (twin && samePinnedFields(tool, next.tools[i as number] as Tool))
      return { ...twin, pinnedAt: first.at };
    return pinTool(tool, first.at);
  });
  return first.items;
}
