/**
 * The final names of a whole source, kept up to date one change at a time. {@link assignUniqueNames}
 * makes names unique over a set of tools; tools interact there only through equal names (a rule's
 * name or a hashed form). So when one server's listing changes, only the tools reachable from the
 * added and removed tools through equal names can be named differently: those are named again and
 * every other tool keeps its name, at a cost that follows the change, not the source.
 * @module
 */
import { assignUniqueNames, type NameAssignment, type NameRequest } from "./unique-names.js";

/** One tool of the source and its naming state. */
export interface NamedTool {
  readonly server: string;
  readonly rawName: string;
  /** The name its naming rule gives it. */
  readonly rule: string;
  /** Its place in its server's listing (source order is config order, then listing order). */
  position: number;
  /** The name it holds: its rule's name or its hashed form (also while left out). */
  held: string;
  /** Its final name; `undefined` while it is left out (equal hashed names). */
  name: string | undefined;
}

/** What one change named again. */
export interface NamingUpdate {
  /** The tools named again, in source order (the added ones included, the removed ones not). */
  members: NamedTool[];
  /** Each member's final name before the change (`undefined` for an added one or one left out). */
  previous: (string | undefined)[];
  /** The members as requests, and their assignment: the collisions among them. */
  requests: NameRequest[];
  assignment: NameAssignment;
}

/**
 * Tools by a name. Nearly every name belongs to one tool: it is held alone, and a Set (a hash table
 * of its own, a few hundred bytes) is made only for a name two tools share.
 */
type NameIndex = Map<string, NamedTool | Set<NamedTool>>;

function index(map: NameIndex, name: string, tool: NamedTool): void {
  const held = map.get(name);
  if (held === undefined) map.set(name, tool);
  else if (held instanceof Set) held.add(tool);
  else if (held !== tool) map.set(name, new Set([held, tool]));
}

function unindex(map: NameIndex, name: string, tool: NamedTool): void {
  const held = map.get(name);
  if (held === tool) map.delete(name);
  else if (held instanceof Set) {
    held.delete(tool);
    const [only, ...rest] = held;
    if (only !== undefined && rest.length === 0) map.set(name, only);
    else if (only === undefined) map.delete(name);
  }
}

/** Adds the tool or tools `held` under one name to `members`, and their names to `pending`. */
function reachHolders(
  held: NamedTool | Set<NamedTool> | undefined,
  members: Set<NamedTool>,
  pending: string[],
): void {
  if (held === undefined) return;
  if (!(held instanceof Set)) {
    if (members.has(held)) return;
    members.add(held);
    pending.push(held.rule, held.held);
    return;
  }
  for (const tool of held) {
    if (members.has(tool)) continue;
    members.add(tool);
    pending.push(tool.rule, tool.held);
  }
}

/** The source's tools indexed by every name that can make two of them interact. */
export class SourceNames {
  private readonly byRule: NameIndex = new Map();
  /**
   * Tools by the name they hold, only those holding another name than their rule's (a hashed
   * form): one holding its rule's name is in `byRule` under that name already, and reaching by a
   * name reads both maps. A load of 10 000 tools, none of them hashed, fills one map, not two.
   */
  private readonly byHeld: NameIndex = new Map();
  /** How many tools the last {@link update} named: what a change costs (tests read it). */
  lastNamedCount = 0;

  /** @param rank a server's place in config order */
  constructor(private readonly rank: (server: string) => number) {}

  /** A tool not in the source yet: unnamed until {@link update} adds it. */
  static tool(server: string, rawName: string, rule: string, position: number): NamedTool {
    return { server, rawName, rule, position, held: rule, name: undefined };
  }

  /**
   * Adds `added` and takes out `removed`, then names again every tool whose name either can
   * affect, exactly as {@link assignUniqueNames} over the whole source would.
   */
  update(added: readonly NamedTool[], removed: readonly NamedTool[]): NamingUpdate {
    const members = new Set<NamedTool>();
    const pending: string[] = [];
    for (const tool of removed) {
      unindex(this.byRule, tool.rule, tool);
      if (tool.held !== tool.rule) unindex(this.byHeld, tool.held, tool);
      pending.push(tool.rule, tool.held);
    }
    for (const tool of added) {
      index(this.byRule, tool.rule, tool);
      if (tool.held !== tool.rule) index(this.byHeld, tool.held, tool);
      members.add(tool);
      pending.push(tool.rule);
    }
    this.reach(members, pending);
    for (;;) {
      const sorted = [...members].sort(this.bySourceOrder);
      const requests = sorted.map(({ server, rawName, rule }) => ({ server, rawName, name: rule }));
      const assignment = assignUniqueNames(requests);
      // A member that took a hashed form may now share it with a tool outside: name that one too.
      sorted.forEach((tool, i) => {
        const held = assignment.held[i] as string;
        if (held !== tool.rule && held !== tool.held) pending.push(held);
      });
      const size = members.size;
      this.reach(members, pending);
      if (members.size === size) return this.apply(sorted, requests, assignment);
    }
  }

  /** Adds every tool that holds, or whose rule gives, one of the `pending` names (transitively). */
  private reach(members: Set<NamedTool>, pending: string[]): void {
    // No array of the two maps or of a name's one holder per name: a load names every cached tool.
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      reachHolders(this.byRule.get(name), members, pending);
      reachHolders(this.byHeld.get(name), members, pending);
    }
  }

  private apply(members: NamedTool[], requests: NameRequest[], assignment: NameAssignment): NamingUpdate {
    const previous = members.map((tool) => tool.name);
    members.forEach((tool, i) => {
      const held = assignment.held[i] as string;
      if (held !== tool.held) {
        if (tool.held !== tool.rule) unindex(this.byHeld, tool.held, tool);
        tool.held = held;
        if (held !== tool.rule) index(this.byHeld, held, tool);
      }
      tool.name = assignment.names[i];
    });
    this.lastNamedCount = members.length;
    return { members, previous, requests, assignment };
  }

  private readonly bySourceOrder = (a: NamedTool, b: NamedTool): number =>
    a.server === b.server ? a.position - b.position : this.rank(a.server) - this.rank(b.server);
}
