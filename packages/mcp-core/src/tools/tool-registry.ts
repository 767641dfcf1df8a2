/**
 * The current generation of every server's tools. A swap reconciles a whole listing by raw name
 * and replaces the server's generation at once, so readers never see a half-applied listing.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool, ToolsChange } from "../types.js";
import { canonicalJson } from "./canonical-json.js";
import { type ToolCaller, ToolWrapper } from "./tool-wrapper.js";

export class ToolRegistry {
  private readonly generations = new Map<string, Map<string, ToolWrapper>>();
  private flat: readonly McpTool[] = [];

  /**
   * @param order server names in config order (the order of `tools`)
   * @param finalName the naming rule
   * @param onChange called once per effective change
   */
  constructor(
    private readonly order: readonly string[],
    private readonly finalName: (server: string, rawName: string) => string,
    private readonly onChange: (server: string, change: ToolsChange) => void,
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
    const previous = this.generations.get(server) ?? new Map<string, ToolWrapper>();
    const next = new Map<string, ToolWrapper>();
    const change: ToolsChange = { added: [], removed: [], changed: [] };
    for (const tool of listing) {
      const old = previous.get(tool.name);
      if (old && old.fingerprint === canonicalJson(tool)) {
        next.set(tool.name, old);
        continue;
      }
      const wrapper = new ToolWrapper(old?.name ?? this.finalName(server, tool.name), server, tool, caller);
      next.set(tool.name, wrapper);
      (old ? change.changed : change.added).push(wrapper.name);
    }
    for (const [rawName, old] of previous) if (!next.has(rawName)) change.removed.push(old.name);
    this.generations.set(server, next);
    this.publish(server, change);
    return change;
  }

  /** Drops all of `server`'s tools (a server that gave up). */
  remove(server: string): ToolsChange {
    const previous = this.generations.get(server);
    const change: ToolsChange = {
      added: [],
      removed: [...(previous?.values() ?? [])].map((t) => t.name),
      changed: [],
    };
    this.generations.delete(server);
    this.publish(server, change);
    return change;
  }

  private publish(server: string, change: ToolsChange): void {
    if (change.added.length + change.removed.length + change.changed.length === 0) return;
    this.flat = Object.freeze(
      this.order.flatMap((name) => [...(this.generations.get(name)?.values() ?? [])]),
    );
    this.onChange(server, change);
  }
}
