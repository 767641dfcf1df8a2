/**
 * The one writer of a server's tool generation. A listing comes from the cache (a lazy server
 * before it starts), a background discovery (a cache miss), or a live session; each is filtered
 * once (the `tools` map, `tools.include` / `tools.exclude`, `toolFilter`), gated against the server's
 * pins (`pins/server-pins.ts`), split by audience (`tool-visibility.ts`: app-only tools leave the
 * model's set), stripped of invisible characters, swapped into the registry once, and a fetched one is reported through `onListing` unfiltered (the cache keeps the server's
 * whole listing, so a changed filter applies to a cached entry at the next load).
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import { modelText } from "../pins/model-text.js";
import { ServerPins } from "../pins/server-pins.js";
import { withDriftSpan } from "../tracing/drift-span.js";
import { filterTools, type ToolFilterFailure } from "./tool-filter.js";
import type { ToolRegistry } from "./tool-registry.js";
import { splitByAudience } from "./tool-visibility.js";
import type { ToolCaller } from "./tool-wrapper.js";

/**
 * Where a listing came from. A live session outranks a discovery, which outranks the cache. A
 * `push` (another process's listing, delivered by a shared store while the server is not running)
 * is newer than anything this source holds: it is applied whatever came before and ranks nothing.
 */
export type ListingOrigin = "cache" | "discovery" | "session" | "push";

const RANK: Record<Exclude<ListingOrigin, "push">, number> = { cache: 0, discovery: 1, session: 2 };

export class ServerListing {
  /** The best origin applied so far: a lower one arriving later is older news and is dropped. */
  private best: Exclude<ListingOrigin, "push"> | undefined;
  /** Whether a failing `toolFilter` was reported: once per server, not per listing or per tool. */
  private filterFailureReported = false;
  /** Hidden-text warnings given, so a listing offered again does not repeat them (bounded). */
  private readonly hiddenWarned = new Set<string>();
  /** The tools an app of this server may call (SPEC "MCP Apps"), by raw name: not the model's set. */
  private appTools = new Map<string, Tool>();
  /** The listing as the projection took it in, for what the host asks about apps (`appInfo`). */
  private projected: readonly Tool[] = [];
  /**
   * The listing token of the tools applied when they came from the listing cache (or a push),
   * undefined when a server fetched them: what the search index's snapshot is keyed by (SPEC §15.8).
   */
  private listingToken: string | undefined;

  constructor(
    private readonly config: ServerConfig,
    private readonly registry: ToolRegistry,
    private readonly caller: ToolCaller,
    private readonly onListing: ((tools: Tool[]) => void) | undefined,
    private readonly warn: (message: string) => void = () => {},
    /** The server's drift gate (by default one that accepts and keeps its pins in memory). */
    readonly pins: ServerPins = new ServerPins({
      server: config.name,
      key: "",
      policy: "accept",
      store: undefined,
      warn,
    }),
  ) {}

  /**
   * Applies `tools` unless a listing of a higher origin is already in place (a discovery that
   * finishes after the server started and listed is dropped). Returns whether it was applied.
   */
  offer(tools: Tool[], origin: ListingOrigin, token?: string): boolean {
    if (origin !== "push") {
      if (this.best !== undefined && RANK[origin] < RANK[this.best]) return false;
      this.best = origin;
    }
    this.listingToken = token;
    const kept = filterTools(tools, this.config, (failure) => this.reportFilterFailure(failure));
    this.project(kept, origin === "session" || origin === "discovery");
    // A cached or pushed listing is already in the store: writing it back would echo it.
    if (origin !== "cache" && origin !== "push") this.onListing?.(tools);
    return true;
  }

  /** The listing token of the current tools (see `listingToken`), or undefined. */
  get token(): string | undefined {
    return this.listingToken;
  }

  /**
   * The projection's stages after the filters: the drift gate, the visibility, then the hidden text.
   * `fetched`: the listing came from the server just now (its drift's span goes under its request).
   */
  private project(kept: Tool[], fetched = false): void {
    const { passed, drift } = this.pins.gate(kept);
    // The visibility stage: app-only tools leave the model's set and stay known for the app bridge.
    const { model, app } = splitByAudience(passed);
    this.appTools = new Map(app.map((tool) => [tool.name, tool]));
    this.projected = passed;
    const shown = model.map((tool) => modelText(tool, this.config.name, (m) => this.warnOnce(m)));
    // Under `hold` and `block` the change event carries the drift (what it holds changes what the
    // host sees); under `accept` the event stays as it was and the drift goes to `onDrift` alone.
    const held = drift && this.pins.policy !== "accept" ? drift : undefined;
    this.registry.swap(this.config.name, shown, this.caller, held);
    // The drift in the trace (SPEC §21.1): the host's onDrift runs in its span.
    if (drift) withDriftSpan(this.config, drift, fetched, () => this.pins.announce(drift));
  }

  /**
   * Approves the server's waiting tools (raw names; all when `names` is undefined) and gates its
   * last listing again, so the approved tools join the tool set. Returns the names approved.
   */
  approve(names?: readonly string[]): string[] {
    const approved = this.pins.approve(names);
    const last = this.pins.lastListing();
    if (approved.length > 0 && last) this.project(last);
    return approved;
  }

  /** Pins another writer stored (a shared pin store's push): the last listing is gated again. */
  adoptPins(entry: Parameters<ServerPins["adopt"]>[0]): void {
    this.pins.adopt(entry);
    const last = this.pins.lastListing();
    if (last) this.project(last);
  }

  private warnOnce(message: string): void {
    if (this.hiddenWarned.has(message)) return;
    if (this.hiddenWarned.size >= 256) this.hiddenWarned.clear();
    this.hiddenWarned.add(message);
    this.warn(message);
  }

  private reportFilterFailure({ tool, problem }: ToolFilterFailure): void {
    if (this.filterFailureReported) return;
    this.filterFailureReported = true;
    this.warn(
      `MCP server "${this.config.name}": toolFilter ${problem} for tool ${JSON.stringify(tool)}; ` +
        "the tool is kept (a filter that gives no verdict drops nothing; further failures are not reported)",
    );
  }

  /** Auto-restart gave up: the server's tools leave the source (one `onToolsChange`). */
  withdraw(): void {
    this.appTools = new Map();
    this.projected = [];
    this.registry.remove(this.config.name);
  }

  /** The tool an app of this server may call by `rawName`, when the current listing has one. */
  appTool(rawName: string): Tool | undefined {
    return this.appTools.get(rawName);
  }

  /** The tools an app of this server may call, in listing order. */
  appToolList(): Tool[] {
    return [...this.appTools.values()];
  }

  /** The listing the projection last took in (after the config's filters), in listing order. */
  projectedTools(): readonly Tool[] {
    return this.projected;
  }

  /** Whether the current generation offers `rawName`. */
  has(rawName: string): boolean {
    return this.registry.has(this.config.name, rawName);
  }
}
