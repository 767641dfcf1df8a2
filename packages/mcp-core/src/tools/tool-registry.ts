/**
 * The current generation of every server's tools. A swap reconciles a whole listing by raw name
 * and replaces the server's generation at once, so readers never see a half-applied listing.
 * Final names are unique across the source: a swap may rename another server's tool whose name
 * starts or stops colliding (reported as that server's removed + added).
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import { assignUniqueNames, type NameRequest } from "../naming/unique-names.js";
import type { McpTool, ToolsChange } from "../types.js";
import { canonicalJson } from "./canonical-json.js";
import { collisionWarnings } from "./collision-warnings.js";
import { type ToolCaller, ToolWrapper } from "./tool-wrapper.js";

/** One server's current listing, with the name its naming rule gives each raw name. */
interface RegisteredListing {
  tools: readonly Tool[];
  ruleNames: Map<string, string>;
  caller: ToolCaller;
}

export class ToolRegistry {
  private readonly listings = new Map<string, RegisteredListing>();
  private readonly generations = new Map<string, Map<string, ToolWrapper>>();
  private flat: readonly McpTool[] = [];
  private warned = new Set<string>();

  /**
   * @param order server names in config order (the order of `tools`)
   * @param finalName the naming rule
   * @param onChange called once per effective change of a server's tools
   * @param warn receives one warning per new name collision
   */
  constructor(
    private readonly order: readonly string[],
    private readonly finalName: (server: string, rawName: string) => string,
    private readonly onChange: (server: string, change: ToolsChange) => void,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  get tools(): readonly McpTool[] {
    return this.flat;
  }

  count(server: string): number {
    return this.generations.get(server)?.size ?? 0;
  }

  has(server: string, rawName: string): boolean {
    return this.generations.get(server)?.has(rawName) ?? false;
  }

  /** Replaces `server`'s generation with `listing`; unchanged tools keep their wrapper objects. */
  swap(server: string, listing: readonly Tool[], caller: ToolCaller): ToolsChange {
    const previous = this.listings.get(server)?.ruleNames;
    const ruleNames = new Map<string, string>();
    // A raw name that stays keeps its rule name, whatever a custom naming function does.
    for (const tool of listing)
      ruleNames.set(tool.name, previous?.get(tool.name) ?? this.finalName(server, tool.name));
    this.listings.set(server, { tools: [...listing], ruleNames, caller });
    return this.reconcile(server);
  }

  /** Drops all of `server`'s tools (a server that gave up). */
  remove(server: string): ToolsChange {
    this.listings.delete(server);
    return this.reconcile(server);
  }

  /** Names every listed tool uniquely, rebuilds the generations and reports what changed. */
  private reconcile(updated: string): ToolsChange {
    const requests: NameRequest[] = [];
    for (const server of this.order) {
      const listing = this.listings.get(server);
      for (const tool of listing?.tools ?? []) {
        requests.push({ server, rawName: tool.name, name: listing?.ruleNames.get(tool.name) ?? "" });
      }
    }
    const assignment = assignUniqueNames(requests);
    const changes = new Map<string, ToolsChange>();
    let index = 0;
    for (const server of this.order) {
      const listing = this.listings.get(server);
      const names = (listing?.tools ?? []).map(() => assignment.names[index++]);
      const change = this.rebuild(server, listing, names, server === updated);
      if (change.added.length + change.removed.length + change.changed.length > 0)
        changes.set(server, change);
    }
    this.reportCollisions(requests, assignment);
    const own = changes.get(updated) ?? { added: [], removed: [], changed: [] };
    if (changes.size === 0) return own;
    this.flat = Object.freeze(
      this.order.flatMap((name) => [...(this.generations.get(name)?.values() ?? [])]),
    );
    // The server whose listing changed first, then the servers whose tools were renamed.
    if (changes.has(updated)) this.onChange(updated, own);
    for (const [server, change] of changes) if (server !== updated) this.onChange(server, change);
    return own;
  }

  /**
   * One server's next generation. Only the updated server's definitions can differ; the others'
   * tools change only when their final name does.
   */
  private rebuild(
    server: string,
    listing: RegisteredListing | undefined,
    names: (string | undefined)[],
    updated: boolean,
  ): ToolsChange {
    const previous = this.generations.get(server) ?? new Map<string, ToolWrapper>();
    const next = new Map<string, ToolWrapper>();
    const change: ToolsChange = { added: [], removed: [], changed: [] };
    listing?.tools.forEach((tool, i) => {
      const name = names[i];
      if (name === undefined) return;
      const old = previous.get(tool.name);
      const renamed = old !== undefined && old.name !== name;
      if (old && !renamed && (!updated || old.fingerprint === canonicalJson(tool))) {
        next.set(tool.name, old);
        return;
      }
      next.set(tool.name, new ToolWrapper(name, server, tool, listing.caller));
      (old && !renamed ? change.changed : change.added).push(name);
    });
    for (const [rawName, old] of previous) {
      if (next.get(rawName)?.name !== old.name) change.removed.push(old.name);
    }
    if (next.size > 0) this.generations.set(server, next);
    else this.generations.delete(server);
    return change;
  }

  /** Warns once per collision (again only after it ended and came back). */
  private reportCollisions(requests: NameRequest[], assignment: ReturnType<typeof assignUniqueNames>): void {
    const warnings = collisionWarnings(requests, assignment);
    for (const [key, message] of warnings) if (!this.warned.has(key)) this.warn(message);
    this.warned = new Set(warnings.keys());
  }
}
