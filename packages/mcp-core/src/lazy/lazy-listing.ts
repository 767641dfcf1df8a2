/**
 * The listing cache of one lazy server: reads its entry (a miss when absent, invalid or refused)
 * and writes every different listing a live session or a discovery fetched. Which listing becomes
 * the server's tools is `ServerListing`'s decision, not this class's.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import type { KnownProtocol } from "../connection/session-factory.js";
import { errorMessage } from "../errors.js";
import { jsonEqual } from "../json-equal.js";
import { boundedInstructions } from "../logs/server-instructions.js";
import { validCatalog } from "../resources/cached-catalog.js";
import type { CatalogListing } from "../resources/list-catalog.js";
import { DEFAULT_MAX_CACHE_ENTRY_BYTES, DEFAULT_MAX_CACHE_TOOLS } from "../tool-cache/file-tool-cache.js";
import { returnsParsedEntries } from "../tool-cache/parsed-entries.js";
import type { ToolCacheEntry, ToolCacheStore } from "../tool-cache/tool-cache-store.js";
import { checkTool } from "../tools/list-tools.js";
import { configFingerprint } from "./fingerprint.js";
import { plainTool } from "./plain-tool.js";

/**
 * The cached tools when every one is a valid, uniquely named MCP tool, else undefined: an entry
 * that is JSON but not a listing (hand-edited, another port's bug) reads as a miss, never a crash.
 */
function validTools(tools: unknown, parsed = false): Tool[] | undefined {
  if (!Array.isArray(tools)) return undefined;
  const names = new Set<string>();
  const valid: Tool[] = [];
  for (const value of tools) {
    const plain = plainTool(value, parsed);
    const checked = plain ? { tool: plain } : checkTool(value);
    if ("reason" in checked || names.has(checked.tool.name)) return undefined;
    names.add(checked.tool.name);
    valid.push(checked.tool);
  }
  return valid;
}

/**
 * The cached era when it has the shape a connect can adopt, else undefined (negotiate afresh). A
 * modern verdict's `discover` result is checked by the client when it adopts it.
 */
function validProtocol(value: unknown): KnownProtocol | undefined {
  const cached = value as { version?: unknown; prior?: { kind?: unknown; discover?: unknown } } | undefined;
  const version = typeof cached?.version === "string" ? cached.version : undefined;
  const prior = cached?.prior;
  if (prior?.kind === "legacy") return { version, verdict: { kind: "legacy" } };
  if (prior?.kind === "modern" && typeof prior.discover === "object" && prior.discover !== null) {
    return { version, verdict: prior as KnownProtocol["verdict"] };
  }
  return undefined;
}

/**
 * Why a pushed entry cannot be this server's listing, or undefined when it can: the checks a file
 * read makes (shape, fingerprint, size bound) plus the server's name, which a push carries with it.
 */
function pushProblem(value: unknown, key: string, server: string): string | undefined {
  const entry = value as Partial<ToolCacheEntry> | null;
  if (typeof entry !== "object" || entry === null || entry.version !== 1)
    return "it is not a version 1 entry";
  if (entry.fingerprint !== key) return "its fingerprint is not the one of this server's config";
  if (entry.server !== server) return `it was written for server ${JSON.stringify(String(entry.server))}`;
  if (!Array.isArray(entry.tools)) return "it has no tool list";
  if (entry.tools.length > DEFAULT_MAX_CACHE_TOOLS) {
    return `it holds ${entry.tools.length} tools, more than the limit of ${DEFAULT_MAX_CACHE_TOOLS}`;
  }
  if (Buffer.byteLength(JSON.stringify(entry)) > DEFAULT_MAX_CACHE_ENTRY_BYTES) {
    return `it takes more than the limit of ${DEFAULT_MAX_CACHE_ENTRY_BYTES} bytes`;
  }
  if (!validTools(entry.tools)) return "a tool in it is malformed or named twice";
  return undefined;
}

/** What a session's listing brings besides the catalog. */
interface Listing {
  tools: Tool[];
  protocol: KnownProtocol | undefined;
  instructions: string | undefined;
}

/** What an entry holds besides its bookkeeping (`savedAt`), compared to tell a different one. */
interface StoredContent {
  tools: Tool[];
  protocol: { version: string | undefined; prior: unknown } | null;
  instructions: string | null;
  catalog: Partial<CatalogListing>;
}

/**
 * A cached or pushed listing, ready to offer, with its listing token: the entry's fingerprint,
 * saved-at time and tool count, which name this listing and no other (the search index's
 * snapshot reuses a server's analysed tools only under the token they were analysed from).
 */
export type CachedListing = Listing & { catalog: Partial<CatalogListing>; token: string };

export class LazyListing {
  /** The config fingerprint: the store key of this server's entry. */
  readonly key: string;
  /**
   * The listing the store holds, as far as this source knows (references to the listing's own
   * objects: no copy or text of it is kept).
   */
  private stored: StoredContent | undefined;
  /** The last write (writes are chained, so this settles after every earlier one). */
  private writing: Promise<void> = Promise.resolve();
  /** The latest listing, era and instructions, so a catalog save writes a whole entry. */
  private latest: Listing | undefined;
  private catalog: Partial<CatalogListing> = {};

  constructor(
    private readonly config: ServerConfig,
    private readonly store: ToolCacheStore,
    private readonly warn: (message: string) => void,
  ) {
    this.key = configFingerprint(config);
  }

  /** Records a fetched listing, its era and instructions; only a different one is written. */
  save(tools: Tool[], protocol: KnownProtocol | undefined, instructions?: string): Promise<void> {
    this.latest = { tools, protocol, instructions };
    const listing = this.content(this.latest);
    if (jsonEqual(listing, this.stored)) return Promise.resolve();
    this.stored = listing;
    const name = this.config.name;
    const entry: ToolCacheEntry = {
      version: 1 as const,
      server: name,
      fingerprint: this.key,
      savedAt: new Date().toISOString(),
      tools,
    };
    if (protocol) entry.protocol = { version: protocol.version, prior: protocol.verdict };
    if (instructions !== undefined) entry.instructions = instructions;
    // Only kinds with items: a tools-only server's entry keeps the tools-only format.
    for (const [kind, items] of Object.entries(this.catalog)) {
      if (items.length > 0) Object.assign(entry, { [kind]: items });
    }
    this.writing = this.writing
      .then(() => this.store.set(this.key, entry))
      .catch((error) =>
        this.warn(`MCP server "${name}": could not write the tool cache: ${errorMessage(error)}`),
      );
    return this.writing;
  }

  /** Records a fetched catalog; written with the latest tool listing (once there is one). */
  saveCatalog(catalog: CatalogListing): Promise<void> {
    this.catalog = catalog;
    const latest = this.latest;
    return latest ? this.save(latest.tools, latest.protocol, latest.instructions) : Promise.resolve();
  }

  /** The whole entry's content, to tell a different one. */
  private content({ tools, protocol, instructions }: Listing): StoredContent {
    const cached = protocol ? { version: protocol.version, prior: protocol.verdict } : null;
    return { tools, protocol: cached, instructions: instructions ?? null, catalog: this.catalog };
  }

  /** Settles once every write begun so far has. */
  flushed(): Promise<void> {
    return this.writing;
  }

  /** The cached tools, era, instructions and catalog, or undefined on a miss. */
  async read(): Promise<CachedListing | undefined> {
    try {
      // A file cache's entry is a fresh parse, which the cheap tool check walks without a seen-set.
      return this.accept(await this.store.get(this.key), returnsParsedEntries(this.store));
    } catch (error) {
      // A store refuses an entry (an untrusted file) or fails by rejecting: a miss, said out loud.
      this.warn(`MCP server "${this.config.name}": ${errorMessage(error)} (treated as a cache miss)`);
      return undefined;
    }
  }

  /**
   * A listing a store pushed: undefined when it is what this source already holds (its own write
   * coming back, or a duplicate), or when it is invalid (then a warning says why).
   */
  adoptPushed(entry: unknown): CachedListing | undefined {
    const problem = pushProblem(entry, this.key, this.config.name);
    if (problem !== undefined) {
      this.warn(`MCP server "${this.config.name}": ignored a pushed tool cache entry: ${problem}`);
      return undefined;
    }
    const before = this.stored;
    const listing = this.accept(entry as ToolCacheEntry);
    return listing && !jsonEqual(this.stored, before) ? listing : undefined;
  }

  /**
   * Takes a stored entry's valid parts as the latest listing; undefined when its tools are not valid.
   * @param parsed the entry is a fresh parse (see `plainTool`)
   */
  private accept(entry: ToolCacheEntry | undefined, parsed = false): CachedListing | undefined {
    const tools = validTools(entry?.tools, parsed);
    if (!tools) return undefined;
    const protocol = validProtocol(entry?.protocol);
    const instructions = boundedInstructions(entry?.instructions);
    this.catalog = validCatalog(entry);
    this.latest = { tools, protocol, instructions };
    this.stored = this.content(this.latest);
    const token = `${String(entry?.fingerprint)} ${String(entry?.savedAt)} ${tools.length}`;
    return { ...this.latest, catalog: this.catalog, token };
  }
}
