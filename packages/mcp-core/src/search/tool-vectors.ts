/**
 * The tool vectors of hybrid search: one per distinct embedded text (see `tool-vector-text.ts`),
 * read from the vector store before anything is embedded, and embedded in batches only for texts
 * no store or earlier search had. Unchanged tools are therefore never embedded twice, by this
 * process or (through the store) by the next one.
 * @module
 */
import type { McpTool } from "../types.js";
import type { ToolVectorStore } from "./embedder-types.js";
import { textFingerprint, toolVectorText, vectorStoreKey } from "./tool-vector-text.js";
import { encodeVector, readEntry } from "./vector-codec.js";

/** Texts per embedder call: small enough for any provider's batch limit, big enough to be few calls. */
export const EMBED_BATCH = 64;

/** Embeds tool texts into unit vectors of `dimensions` (undefined: the first answer fixes it). */
export type EmbedTexts = (texts: string[], dimensions: number | undefined) => Promise<Float32Array[]>;

interface ToolText {
  text: string;
  fingerprint: string;
}

/** Vectors of the source's tools, kept by text fingerprint. */
export class ToolVectors {
  private readonly vectors = new Map<string, Float32Array>();
  private readonly texts = new WeakMap<McpTool, ToolText>();
  private readonly serversRead = new Set<string>();
  private syncing: Promise<void> | undefined;
  private size: number | undefined;
  /** Texts embedded since this was made (a warm start embeds none). */
  embedded = 0;

  constructor(
    private readonly embed: EmbedTexts,
    private readonly cache: { store: ToolVectorStore; model: string } | undefined,
  ) {}

  /** The length of the vectors, once known. */
  get dimensions(): number | undefined {
    return this.size;
  }

  /** `tool`'s vector, or undefined while it has none. */
  vectorOf(tool: McpTool): Float32Array | undefined {
    return this.vectors.get(this.textOf(tool).fingerprint);
  }

  /** True when every tool of `tools` has a vector. */
  covers(tools: readonly McpTool[]): boolean {
    return tools.every((tool) => this.vectors.has(this.textOf(tool).fingerprint));
  }

  /**
   * Gives every tool of `tools` a vector: from the store first, then from the embedder. One sync
   * at a time: a call during one joins it (the caller checks {@link covers} after). Rejects with the
   * embedder's failure; what was embedded before it is kept.
   */
  sync(tools: readonly McpTool[]): Promise<void> {
    this.syncing ??= this.run(tools).finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private textOf(tool: McpTool): ToolText {
    let known = this.texts.get(tool);
    if (!known) {
      const text = toolVectorText(tool);
      known = { text, fingerprint: textFingerprint(text) };
      this.texts.set(tool, known);
    }
    return known;
  }

  private async run(tools: readonly McpTool[]): Promise<void> {
    this.prune(tools);
    let missing = tools.filter((tool) => !this.vectors.has(this.textOf(tool).fingerprint));
    if (missing.length === 0) return;
    if (this.cache) {
      await this.readStore(new Set(missing.map((tool) => tool.server)));
      missing = missing.filter((tool) => !this.vectors.has(this.textOf(tool).fingerprint));
    }
    const pending = new Map<string, string>();
    for (const tool of missing) {
      const { text, fingerprint } = this.textOf(tool);
      pending.set(fingerprint, text);
    }
    const changed = new Set(missing.map((tool) => tool.server));
    const batch = [...pending];
    try {
      for (let start = 0; start < batch.length; start += EMBED_BATCH) {
        const slice = batch.slice(start, start + EMBED_BATCH);
        const vectors = await this.embed(
          slice.map(([, text]) => text),
          this.size,
        );
        this.size ??= vectors[0]?.length;
        slice.forEach(([fingerprint], i) => {
          const vector = vectors[i];
          if (vector) this.vectors.set(fingerprint, vector);
        });
        this.embedded += slice.length;
      }
    } finally {
      // What was embedded is kept even when a later batch failed.
      if (this.embedded > 0) await this.writeStore(tools, changed);
    }
  }

  /** Reads the stored vectors of `servers` not read yet; a refused or malformed entry is a miss. */
  private async readStore(servers: Set<string>): Promise<void> {
    const cache = this.cache;
    if (!cache) return;
    const unread = [...servers].filter((server) => !this.serversRead.has(server));
    await Promise.all(
      unread.map(async (server) => {
        this.serversRead.add(server);
        let value: unknown;
        try {
          value = await cache.store.get(vectorStoreKey(cache.model, server));
        } catch {
          return;
        }
        const entry = readEntry(value, cache.model);
        if (!entry || (this.size !== undefined && entry.dimensions !== this.size)) return;
        this.size ??= entry.dimensions;
        for (const [fingerprint, vector] of entry.vectors) this.vectors.set(fingerprint, vector);
      }),
    );
  }

  /** Writes each of `servers`' current vectors; a store that fails is left as it is. */
  private async writeStore(tools: readonly McpTool[], servers: Set<string>): Promise<void> {
    const cache = this.cache;
    const dimensions = this.size;
    if (!cache || dimensions === undefined) return;
    const entries = new Map<string, Record<string, string>>();
    for (const tool of tools) {
      if (!servers.has(tool.server)) continue;
      const { fingerprint } = this.textOf(tool);
      const vector = this.vectors.get(fingerprint);
      if (!vector) continue;
      const vectors = entries.get(tool.server) ?? {};
      entries.set(tool.server, vectors);
      vectors[fingerprint] = encodeVector(vector);
    }
    await Promise.all(
      [...entries].map(async ([server, vectors]) => {
        try {
          await cache.store.set(vectorStoreKey(cache.model, server), {
            version: 1,
            model: cache.model,
            dimensions,
            vectors,
          });
        } catch {
          // A cache that cannot be written costs the next start an embedding, nothing more.
        }
      }),
    );
  }

  /** Drops vectors of texts no current tool has, once they outnumber the live ones. */
  private prune(tools: readonly McpTool[]): void {
    if (this.vectors.size <= 2 * tools.length + 1024) return;
    const live = new Set(tools.map((tool) => this.textOf(tool).fingerprint));
    for (const fingerprint of this.vectors.keys())
      if (!live.has(fingerprint)) this.vectors.delete(fingerprint);
  }
}
