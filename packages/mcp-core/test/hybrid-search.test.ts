// Hybrid tool search (SPEC §15.7) over real catalog servers: RRF of the lexical and the vector
// ranking against a reference fusion, the vector store making a warm start embed nothing, and the
// embedder as an adversary (throws, hangs, wrong count or dimension, NaN, hostile objects): every
// such search answers with `searchTools`' own hits, and never rejects.
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { afterEach, describe, expect, it } from "vitest";
import { createMetaTools } from "../src/adapter/index.js";
import type { McpSource, ToolSearchHit } from "../src/index.js";
import {
  fileToolVectorStore,
  type HybridToolSearch,
  hybridToolSearch,
  type ToolEmbedder,
  type ToolVectorEntry,
  type ToolVectorStore,
  toolVectorText,
} from "../src/search-entry.js";
import { tempDir, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });
const searches: HybridToolSearch[] = [];
afterEach(() => {
  for (const search of searches.splice(0)) search.close();
});

const DIMENSIONS = 64;

/** A real, if small, embedder: hashed words, each also counted as its concept (the host's model). */
const CONCEPTS: Record<string, string> = {
  bug: "issue",
  ticket: "issue",
  problem: "issue",
  meeting: "event",
};
function wordVector(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const word = CONCEPTS[raw] ?? raw;
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    const slot = (hash >>> 0) % DIMENSIONS;
    vector[slot] = (vector[slot] as number) + 1;
  }
  vector[0] = (vector[0] as number) + 0.01; // never the zero vector
  return vector;
}
function countingEmbedder(): ToolEmbedder & { texts: string[]; kinds: string[] } {
  const texts: string[] = [];
  const kinds: string[] = [];
  const embed: ToolEmbedder = async (batch, { kind }) => {
    texts.push(...batch);
    kinds.push(...batch.map(() => kind));
    return batch.map(wordVector);
  };
  return Object.assign(embed, { texts, kinds });
}

const loadCatalog = () =>
  sources.load({ mcpServers: { github: catalogServer("github"), jira: catalogServer("jira") } });

function track(search: HybridToolSearch): HybridToolSearch {
  searches.push(search);
  return search;
}

/** The reference: RRF (k 60) of the lexical top 100 and the cosine top 100, ties by first appearance. */
function referenceFusion(source: McpSource, query: string, limit: number): string[] {
  const lexical = source.searchTools(query, { limit: 100 }).map((hit) => hit.name);
  const unit = (v: number[]) => {
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  };
  const q = unit(wordVector(query));
  const byVector = source.tools
    .map((tool, position) => {
      const v = unit(wordVector(toolVectorText(tool)));
      return { name: tool.name, position, score: v.reduce((s, x, i) => s + x * (q[i] as number), 0) };
    })
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, 100)
    .map((entry) => entry.name);
  const scores = new Map<string, number>();
  for (const ranking of [lexical, byVector]) {
    ranking.forEach((name, rank) => {
      scores.set(name, (scores.get(name) ?? 0) + 1 / (61 + rank));
    });
  }
  return [...scores.entries()]
    .map(([name, score], order) => ({ name, score, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.name);
}

const names = (hits: ToolSearchHit[]) => hits.map((hit) => hit.name);

describe("hybridToolSearch", () => {
  it("should fuse the lexical and the vector ranking by reciprocal rank, and find by meaning what words miss", async () => {
    const source = await loadCatalog();
    const search = track(hybridToolSearch(source, { embedder: countingEmbedder() }));
    for (const query of ["open a new bug report", "list pull requests", "schedule a problem triage"]) {
      const hits = await search.search(query, { limit: 8 });
      expect(search.lastFallback).toBeUndefined();
      expect(names(hits)).toEqual(referenceFusion(source, query, 8));
      expect(hits.every((hit, i) => i === 0 || hit.score <= (hits[i - 1]?.score ?? 0))).toBe(true);
    }
    // No word of this query is in any tool: words find nothing, the concept finds jira's issues.
    expect(source.searchTools("zzbug")).toEqual([]);
    const byConcept = await search.search("ticket", { limit: 3 });
    expect(byConcept.length).toBe(3);
    // Server filters and limits as searchTools takes them.
    const jiraOnly = await search.search("create", { limit: 4, servers: ["jira"] });
    expect(jiraOnly.length).toBe(4);
    expect(jiraOnly.every((hit) => hit.server === "jira")).toBe(true);
    await expect(search.search("x", { limit: 0 })).rejects.toMatchObject({ code: "OPTIONS_INVALID" });
    await expect(search.search("x", { servers: ["nope"] })).rejects.toMatchObject({ code: "SERVER_UNKNOWN" });
  });

  it("should embed each tool text once, and nothing on a warm start with the vector store", async () => {
    const source = await loadCatalog();
    const dir = tempDir();
    const embedder = countingEmbedder();
    const cold = track(
      hybridToolSearch(source, {
        embedder,
        vectorCache: { store: fileToolVectorStore(dir), model: "words-64" },
      }),
    );
    await cold.search("open a bug");
    await cold.search("merge a pull request");
    expect(cold.embeddedTools).toBe(source.tools.length);
    const toolTexts = new Set(source.tools.map(toolVectorText));
    expect(embedder.texts.filter((text) => toolTexts.has(text)).length).toBe(source.tools.length);
    // Tool texts are embedded as documents, each search's query as a query.
    expect(embedder.kinds.filter((kind) => kind === "query").length).toBe(2);

    const warmEmbedder = countingEmbedder();
    const warm = track(
      hybridToolSearch(source, {
        embedder: warmEmbedder,
        vectorCache: { store: fileToolVectorStore(dir), model: "words-64" },
      }),
    );
    const hits = await warm.search("open a bug");
    expect(warm.lastFallback).toBeUndefined();
    expect(warm.embeddedTools).toBe(0);
    expect(warmEmbedder.texts).toEqual(["open a bug"]); // the query only
    expect(warmEmbedder.kinds).toEqual(["query"]);
    expect(names(hits)).toEqual(referenceFusion(source, "open a bug", 10));
    // Another model's name reads none of them.
    const other = track(
      hybridToolSearch(source, {
        embedder: countingEmbedder(),
        vectorCache: { store: fileToolVectorStore(dir), model: "other" },
      }),
    );
    await other.search("open a bug");
    expect(other.embeddedTools).toBe(source.tools.length);
  });

  it("should read a hostile vector store's entries as misses and embed instead", async () => {
    const source = await loadCatalog();
    const bad: unknown[] = [
      { version: 1, model: "m", dimensions: DIMENSIONS, vectors: { ["0".repeat(32)]: "AAAA" } },
      { version: 1, model: "m", dimensions: 1e9, vectors: {} },
      { version: 1, model: "m", dimensions: DIMENSIONS, vectors: "x" },
      "not an entry",
    ];
    let reads = 0;
    const store: ToolVectorStore = {
      get: () => {
        reads++;
        if (reads % 5 === 0) throw new Error("refused");
        return bad[reads % bad.length] as ToolVectorEntry;
      },
      set: () => Promise.reject(new Error("read-only")),
    };
    const search = track(
      hybridToolSearch(source, { embedder: countingEmbedder(), vectorCache: { store, model: "m" } }),
    );
    const hits = await search.search("open a bug");
    expect(search.lastFallback).toBeUndefined();
    expect(search.embeddedTools).toBe(source.tools.length);
    expect(names(hits)).toEqual(referenceFusion(source, "open a bug", 10));
  });

  const hostile: [string, ToolEmbedder, string][] = [
    ["throws", () => Promise.reject(new Error("quota exceeded")), "embedder-failed"],
    [
      "throws synchronously",
      (() => {
        throw new Error("sync");
      }) as unknown as ToolEmbedder,
      "embedder-failed",
    ],
    ["hangs", () => new Promise(() => {}), "embedder-timeout"],
    ["answers too few vectors", async (texts) => texts.slice(1).map(wordVector), "embedder-invalid"],
    ["answers NaN", async (texts) => texts.map(() => [Number.NaN, 1]), "embedder-invalid"],
    ["answers zero vectors", async (texts) => texts.map(() => [0, 0, 0]), "embedder-invalid"],
    [
      "answers ragged dimensions",
      async (texts) => texts.map((_, i) => new Array(3 + i).fill(1)),
      "embedder-invalid",
    ],
    ["answers a non-array", async () => "vectors" as unknown as number[][], "embedder-invalid"],
    [
      "answers a proxy whose reads throw",
      async (texts) =>
        texts.map(
          () =>
            new Proxy([1, 2], {
              get: (target, key) => {
                if (key === "length") return 2;
                if (key === "0" || key === "1") throw new Error("trap");
                return Reflect.get(target, key);
              },
            }),
        ),
      "embedder-invalid",
    ],
  ];

  it.each(hostile)(
    "should answer lexically when the embedder %s, then rest it",
    async (_, embedder, reason) => {
      const source = await loadCatalog();
      let calls = 0;
      const counted: ToolEmbedder = (texts, options) => {
        calls++;
        return embedder(texts, options);
      };
      const search = track(
        hybridToolSearch(source, { embedder: counted, timeoutMs: 150, retryAfterMs: 60_000 }),
      );
      const started = performance.now();
      const hits = await search.search("open a bug", { limit: 5 });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(hits).toEqual(source.searchTools("open a bug", { limit: 5 }));
      expect(search.lastFallback).toBe(reason);
      const before = calls;
      expect(await search.search("list pull requests")).toEqual(source.searchTools("list pull requests"));
      expect(search.lastFallback).toBe("cooling-down");
      expect(calls).toBe(before);
    },
  );

  it("should pick the embedder up again after its rest, and fail on a changed dimension", async () => {
    const source = await loadCatalog();
    let mode: "fail" | "ok" | "wider" = "fail";
    const embedder: ToolEmbedder = async (texts) => {
      if (mode === "fail") throw new Error("down");
      return texts.map((text) => (mode === "ok" ? wordVector(text) : [...wordVector(text), 1]));
    };
    const search = track(hybridToolSearch(source, { embedder, retryAfterMs: 50 }));
    await search.search("open a bug");
    expect(search.lastFallback).toBe("embedder-failed");
    mode = "ok";
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(names(await search.search("open a bug"))).toEqual(referenceFusion(source, "open a bug", 10));
    expect(search.lastFallback).toBeUndefined();
    mode = "wider";
    expect(await search.search("open a bug")).toEqual(source.searchTools("open a bug"));
    expect(search.lastFallback).toBe("embedder-invalid");
  });

  it("should abort a hanging embedder on close and answer lexically from then on", async () => {
    const source = await loadCatalog();
    const signals: AbortSignal[] = [];
    const search = track(
      hybridToolSearch(source, {
        embedder: (_, { signal }) => {
          signals.push(signal);
          return new Promise(() => {});
        },
        timeoutMs: 60_000,
      }),
    );
    const pending = search.search("open a bug");
    await new Promise((resolve) => setTimeout(resolve, 20));
    search.close();
    expect(await pending).toEqual(source.searchTools("open a bug"));
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(await search.search("open a bug")).toEqual(source.searchTools("open a bug"));
    expect(search.lastFallback).toBe("closed");
  });

  it("should refuse malformed options with OPTIONS_INVALID", async () => {
    const source = await loadCatalog();
    const embedder = countingEmbedder();
    for (const options of [
      {},
      { embedder, timeoutMs: 0 },
      { embedder, retryAfterMs: 1.5 },
      { embedder, vectorCache: { store: fileToolVectorStore(tempDir()), model: "" } },
      { embedder, vectorCache: { store: {}, model: "m" } },
    ]) {
      expect(() => hybridToolSearch(source, options as never)).toThrow(
        expect.objectContaining({ code: "OPTIONS_INVALID" }),
      );
    }
  });

  it("should rank mcp_search_tools with the hybrid search given to createMetaTools", async () => {
    const source = await loadCatalog();
    const search = track(hybridToolSearch(source, { embedder: countingEmbedder() }));
    const [searchTool] = createMetaTools(source, (query, options) => search.search(query, options));
    const result = await searchTool.execute({ query: "ticket", limit: 3 });
    expect(result.isError).toBe(false);
    const listed = (result.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(listed).toEqual(names(await search.search("ticket", { limit: 3 })));
    const failing = createMetaTools(source, () => Promise.reject(new Error("boom")))[0];
    expect((await failing.execute({ query: "x" })).isError).toBe(true);
  });
});
