/**
 * The current generation of every server's tools. A swap reconciles a whole listing by raw name
 * and replaces the server's generation at once, so readers never see a half-applied listing.
 * Final names are unique across the source: a swap may rename another server's tool whose name
 * starts or stops colliding (reported as that server's removed + added).
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { McpDrift } from "../drift-types.js";
import { jsonEqual } from "../json-equal.js";
import { type NamedTool, type NamingUpdate, SourceNames } from "../naming/source-names.js";
import { DEFAULT_MAX_DESCRIPTION_CHARS } from "../text-budget.js";
import type { McpTool, ToolsChange } from "../types.js";
import { collisionWarnings } from "./collision-warnings.js";
import { type ToolCaller, ToolWrapper } from "./tool-wrapper.js";

/** One server's current listing, with each raw name's naming state. */
interface RegisteredListing {
  tools: readonly Tool[];
  named: Map<string, NamedTool>;
  caller: ToolCaller;
}

const NO_TOOLS: readonly ToolWrapper[] = Object.freeze([]);
const noChange = (): ToolsChange => ({ added: [], removed: [], changed: [] });
const isChange = (change: ToolsChange): boolean =>
  change.added.length + change.removed.length + change.changed.length > 0;

export class ToolRegistry {
  private readonly listings = new Map<string, RegisteredListing>();
  private readonly generations = new Map<string, Map<string, ToolWrapper>>();
  /** Each server's generation as an array, so `tools` is a concatenation, not a walk of every map. */
  private readonly arrays = new Map<string, readonly ToolWrapper[]>();
  private readonly rank: Map<string, number>;
  private readonly names: SourceNames;
  /** Every server's tools in config order; undefined after a change until `tools` is read. */
  private flat: readonly McpTool[] | undefined = [];
  /** The current collision warnings by key, and the keys each tool is part of. */
  private readonly warnings = new Map<string, readonly NamedTool[]>();
  private readonly warningsOf = new Map<NamedTool, Set<string>>();

  /**
   * @param order server names in config order (the order of `tools`)
   * @param finalName the naming rule
   * @param onChange called once per effective change of a server's tools
   * @param warn receives one warning per new name collision
   * @param maxDescriptionChars each server's bound on the description the model sees (fixed for the
   *   source's life, so a kept wrapper never needs a new cut)
   */
  constructor(
    private readonly order: readonly string[],
    private readonly finalName: (server: string, rawName: string) => string,
    private readonly onChange: (server: string, change: ToolsChange) => void,
    private readonly warn: (message: string) => void = () => {},
    private readonly maxDescriptionChars: (server: string) => number = () => DEFAULT_MAX_DESCRIPTION_CHARS,
  ) {
    this.rank = new Map(order.map((server, i) => [server, i]));
    this.names = new SourceNames((server) => this.rank.get(server) ?? order.length);
  }

  get tools(): readonly McpTool[] {
    // Built on read, not per change: a load swaps in every server once, and a concatenation per
    // swap would cost O(servers × tools).
    this.flat ??= Object.freeze(([] as McpTool[]).concat(...this.parts()));
    return this.flat;
  }

  /** Each server's tools in config order, the same array while the server's tools are unchanged. */
  parts(): readonly (readonly McpTool[])[] {
    return this.order.map((name) => this.arrays.get(name) ?? NO_TOOLS);
  }

  /** `server`'s current tools in listing order (what tool search indexes as a listing arrives). */
  toolsOf(server: string): readonly McpTool[] {
    return this.arrays.get(server) ?? [];
  }

  /** How many tools the last swap or removal named (its collision groups): what it cost. */
  get namedInLastChange(): number {
    return this.names.lastNamedCount;
  }

  count(server: string): number {
    return this.generations.get(server)?.size ?? 0;
  }

  has(server: string, rawName: string): boolean {
    return this.generations.get(server)?.has(rawName) ?? false;
  }

  /**
   * Replaces `server`'s generation with `listing`; unchanged tools keep their wrapper objects. A
   * `drift` rides on the server's change event, which is emitted for it even when no tool changed.
   */
  swap(server: string, listing: readonly Tool[], caller: ToolCaller, drift?: McpDrift): ToolsChange {
    const previous = this.listings.get(server)?.named;
    const named = new Map<string, NamedTool>();
    const added: NamedTool[] = [];
    listing.forEach((tool, position) => {
      // A raw name that stays keeps its rule name, whatever a custom naming function does.
      let entry = previous?.get(tool.name);
      if (entry) entry.position = position;
      else {
        entry = SourceNames.tool(server, tool.name, this.finalName(server, tool.name), position);
        added.push(entry);
      }
      named.set(tool.name, entry);
    });
    const removed = [...(previous?.values() ?? [])].filter((entry) => named.get(entry.rawName) !== entry);
    this.listings.set(server, { tools: [...listing], named, caller });
    return this.reconcile(server, this.names.update(added, removed), removed, drift);
  }

  /** Drops all of `server`'s tools (a server that gave up). */
  remove(server: string): ToolsChange {
    const removed = [...(this.listings.get(server)?.named.values() ?? [])];
    this.listings.delete(server);
    return this.reconcile(server, this.names.update([], removed), removed);
  }

  /**
   * Rebuilds the updated server's generation and those of the servers whose tools the naming
   * renamed (only they can differ), and reports what changed.
   */
  private reconcile(
    updated: string,
    naming: NamingUpdate,
    removed: readonly NamedTool[],
    drift?: McpDrift,
  ): ToolsChange {
    const renamed = new Set<string>();
    naming.members.forEach((tool, i) => {
      if (tool.server !== updated && tool.name !== naming.previous[i]) renamed.add(tool.server);
    });
    const own = this.rebuild(updated, true);
    const changes: [string, ToolsChange][] = [];
    for (const server of [...renamed].sort((a, b) => (this.rank.get(a) ?? 0) - (this.rank.get(b) ?? 0))) {
      const change = this.rebuild(server, false);
      if (isChange(change)) changes.push([server, change]);
    }
    this.reportCollisions(naming, removed);
    if (!isChange(own) && changes.length === 0 && !drift) return own;
    if (isChange(own) || changes.length > 0) this.flat = undefined;
    // The server whose listing changed first, then the servers whose tools were renamed.
    if (isChange(own) || drift) this.onChange(updated, drift ? { ...own, drift } : own);
    for (const [server, change] of changes) this.onChange(server, change);
    return own;
  }

  /**
   * One server's next generation. Only the updated server's definitions can differ; the others'
   * tools change only when their final name does.
   */
  private rebuild(server: string, updated: boolean): ToolsChange {
    const listing = this.listings.get(server);
    const previous = this.generations.get(server) ?? new Map<string, ToolWrapper>();
    const next = new Map<string, ToolWrapper>();
    const change = noChange();
    for (const tool of listing?.tools ?? []) {
      const name = listing?.named.get(tool.name)?.name;
      if (name === undefined) continue;
      const old = previous.get(tool.name);
      const renamed = old !== undefined && old.name !== name;
      if (old && !renamed && (!updated || jsonEqual(old.definition, tool))) {
        next.set(tool.name, old);
        continue;
      }
      const caller = (listing as RegisteredListing).caller;
      next.set(tool.name, new ToolWrapper(name, server, tool, caller, this.maxDescriptionChars(server)));
      (old && !renamed ? change.changed : change.added).push(name);
    }
    for (const [rawName, old] of previous) {
      if (next.get(rawName)?.name !== old.name) change.removed.push(old.name);
    }
    if (!isChange(change)) return change;
    if (next.size > 0) {
      this.generations.set(server, next);
      this.arrays.set(server, [...next.values()]);
    } else {
      this.generations.delete(server);
      this.arrays.delete(server);
    }
    return change;
  }

  /**
   * Warns once per collision (again only after it ended and came back). A collision group lies
   * within the tools one change named again, so only their warnings are replaced.
   */
  private reportCollisions(naming: NamingUpdate, removed: readonly NamedTool[]): void {
    const before = new Set<string>();
    // Only tools in a collision have keys: most of a load's tools are passed over without an array.
    const forget = (tool: NamedTool) => {
      const keys = this.warningsOf.get(tool);
      if (keys === undefined) return;
      for (const key of keys) {
        before.add(key);
        for (const member of this.warnings.get(key) ?? []) this.warningsOf.get(member)?.delete(key);
        this.warnings.delete(key);
      }
      this.warningsOf.delete(tool);
    };
    if (this.warningsOf.size > 0) {
      for (const tool of naming.members) forget(tool);
      for (const tool of removed) forget(tool);
    }
    const { collisions, dropped } = naming.assignment;
    if (collisions.length === 0 && dropped.length === 0) return;
    for (const [key, { message, members }] of collisionWarnings(naming.requests, naming.assignment)) {
      if (!before.has(key)) this.warn(message);
      const tools = members.map((i) => naming.members[i] as NamedTool);
      this.warnings.set(key, tools);
      for (const tool of tools) {
        const keys = this.warningsOf.get(tool) ?? new Set<string>();
        keys.add(key);
        this.warningsOf.set(tool, keys);
      }
    }
  }
}
