/**
 * Tools of a lazy server before it starts: from the listing cache, or from one background
 * discovery on a miss. Every later listing of a live session updates the cache.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage } from "../errors.js";
import type { Connection } from "../lifecycle/connection.js";
import { canonicalJson } from "../tools/canonical-json.js";
import { checkTool } from "../tools/list-tools.js";
import { filterTools } from "../tools/tool-filter.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import { configFingerprint } from "./fingerprint.js";
import type { ToolCacheStore } from "./tool-cache-store.js";

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

export class LazyListing {
  private readonly key: string;
  /** The background discovery, when one runs (close waits for it). */
  discovery?: Promise<void>;
  /** Canonical JSON of the listing the store holds, as far as this source knows. */
  private stored?: string;

  constructor(
    private readonly connection: Connection,
    private readonly registry: ToolRegistry,
    private readonly store: ToolCacheStore | undefined,
    private readonly warn: (message: string) => void,
  ) {
    this.key = configFingerprint(connection.config);
  }

  /** Puts cached tools in the registry; on a miss starts discovery without waiting for it. */
  async prepare(): Promise<void> {
    const entry = await this.read();
    if (entry) {
      this.apply(entry);
      return;
    }
    this.discovery = this.connection
      .discover()
      .then(async (tools) => {
        // A start that raced the discovery has listed already; its listing wins.
        if (this.connection.state === "stopped" && this.registry.count(this.connection.config.name) === 0) {
          this.apply(tools);
        }
        await this.save(tools);
      })
      .catch((error) =>
        this.warn(
          `MCP server "${this.connection.config.name}": tool discovery failed: ${errorMessage(error)}`,
        ),
      );
  }

  /** Records a live listing. */
  save(tools: Tool[]): Promise<void> {
    const listing = canonicalJson(tools);
    // Every refresh and restart reports its listing; only a different one is written.
    if (!this.store || listing === this.stored) return Promise.resolve();
    this.stored = listing;
    const name = this.connection.config.name;
    return Promise.resolve(
      this.store.set(this.key, {
        version: 1,
        server: name,
        fingerprint: this.key,
        savedAt: new Date().toISOString(),
        tools,
      }),
    ).catch((error) =>
      this.warn(`MCP server "${name}": could not write the tool cache: ${errorMessage(error)}`),
    );
  }

  private async read(): Promise<Tool[] | undefined> {
    if (!this.store) return undefined;
    try {
      const tools = validTools((await this.store.get(this.key))?.tools);
      if (tools) this.stored = canonicalJson(tools);
      return tools;
    } catch (error) {
      // A store refuses an entry (an untrusted file) or fails by rejecting: a miss, said out loud.
      this.warn(
        `MCP server "${this.connection.config.name}": ${errorMessage(error)} (treated as a cache miss)`,
      );
      return undefined;
    }
  }

  private apply(tools: Tool[]): void {
    this.registry.swap(
      this.connection.config.name,
      filterTools(tools, this.connection.config.tools),
      this.connection,
    );
  }
}
