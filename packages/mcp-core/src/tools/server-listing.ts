/**
 * The one writer of a server's tool generation. A listing comes from the cache (a lazy server
 * before it starts), a background discovery (a cache miss), or a live session; each is filtered
 * once by the server's `tools` map, swapped into the registry once, and a fetched one is reported
 * through `onListing` (the cache keeps it).
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import { filterTools } from "./tool-filter.js";
import type { ToolRegistry } from "./tool-registry.js";
import type { ToolCaller } from "./tool-wrapper.js";

/** Where a listing came from. A live session outranks a discovery, which outranks the cache. */
export type ListingOrigin = "cache" | "discovery" | "session";

const RANK: Record<ListingOrigin, number> = { cache: 0, discovery: 1, session: 2 };

export class ServerListing {
  /** The best origin applied so far: a lower one arriving later is older news and is dropped. */
  private best: ListingOrigin | undefined;

  constructor(
    private readonly config: ServerConfig,
    private readonly registry: ToolRegistry,
    private readonly caller: ToolCaller,
    private readonly onListing: ((tools: Tool[]) => void) | undefined,
  ) {}

  /**
   * Applies `tools` unless a listing of a higher origin is already in place (a discovery that
   * finishes after the server started and listed is dropped). Returns whether it was applied.
   */
  offer(tools: Tool[], origin: ListingOrigin): boolean {
    if (this.best !== undefined && RANK[origin] < RANK[this.best]) return false;
    this.best = origin;
    this.registry.swap(this.config.name, filterTools(tools, this.config.tools), this.caller);
    if (origin !== "cache") this.onListing?.(tools);
    return true;
  }

  /** Auto-restart gave up: the server's tools leave the source (one `onToolsChange`). */
  withdraw(): void {
    this.registry.remove(this.config.name);
  }

  /** Whether the current generation offers `rawName`. */
  has(rawName: string): boolean {
    return this.registry.has(this.config.name, rawName);
  }
}
