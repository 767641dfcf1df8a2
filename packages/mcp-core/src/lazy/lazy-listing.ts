/**
 * The listing cache of one lazy server: reads its entry (a miss when absent, invalid or refused)
 * and writes every different listing a live session or a discovery fetched. Which listing becomes
 * the server's tools is `ServerListing`'s decision, not this class's.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import { errorMessage } from "../errors.js";
import type { KnownProtocol } from "../lifecycle/session-factory.js";
import { boundedInstructions } from "../logs/server-instructions.js";
import { canonicalJson } from "../tools/canonical-json.js";
import { checkTool } from "../tools/list-tools.js";
import { configFingerprint } from "./fingerprint.js";
import type { ToolCacheEntry, ToolCacheStore } from "./tool-cache-store.js";

/**
 * The cached tools when every one is a valid, uniquely named MCP tool, else undefined: an entry
 * that is JSON but not a listing (hand-edited, another port's bug) reads as a miss, never a crash.
 */
function validTools(tools: unknown): Tool[] | undefined {
  if (!Array.isArray(tools)) return undefined;
  const names = new Set<string>();
  const valid: Tool[] = [];
  for (const value of tools) {
    const checked = checkTool(value);
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

export class LazyListing {
  private readonly key: string;
  /** Canonical JSON of the listing the store holds, as far as this source knows. */
  private stored: string | undefined;
  /** The last write (writes are chained, so this settles after every earlier one). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: ServerConfig,
    private readonly store: ToolCacheStore,
    private readonly warn: (message: string) => void,
  ) {
    this.key = configFingerprint(config);
  }

  /** Records a fetched listing, its era and instructions; only a different one is written. */
  save(tools: Tool[], protocol: KnownProtocol | undefined, instructions?: string): Promise<void> {
    const cached = protocol && { version: protocol.version, prior: protocol.verdict };
    const listing = canonicalJson({ tools, protocol: cached ?? null, instructions: instructions ?? null });
    if (listing === this.stored) return Promise.resolve();
    this.stored = listing;
    const name = this.config.name;
    const entry: ToolCacheEntry = {
      version: 1 as const,
      server: name,
      fingerprint: this.key,
      savedAt: new Date().toISOString(),
      tools,
    };
    if (cached) entry.protocol = cached;
    if (instructions !== undefined) entry.instructions = instructions;
    this.writing = this.writing
      .then(() => this.store.set(this.key, entry))
      .catch((error) =>
        this.warn(`MCP server "${name}": could not write the tool cache: ${errorMessage(error)}`),
      );
    return this.writing;
  }

  /** Settles once every write begun so far has. */
  flushed(): Promise<void> {
    return this.writing;
  }

  /** The cached tools, era and instructions, or undefined on a miss. */
  async read(): Promise<
    { tools: Tool[]; protocol: KnownProtocol | undefined; instructions: string | undefined } | undefined
  > {
    try {
      const entry = await this.store.get(this.key);
      const tools = validTools(entry?.tools);
      if (!tools) return undefined;
      const protocol = validProtocol(entry?.protocol);
      const instructions = boundedInstructions(entry?.instructions);
      this.stored = canonicalJson({
        tools,
        protocol: protocol ? { version: protocol.version, prior: protocol.verdict } : null,
        instructions: instructions ?? null,
      });
      return { tools, protocol, instructions };
    } catch (error) {
      // A store refuses an entry (an untrusted file) or fails by rejecting: a miss, said out loud.
      this.warn(`MCP server "${this.config.name}": ${errorMessage(error)} (treated as a cache miss)`);
      return undefined;
    }
  }
}
