// Benchmark (not a test), issue #32: a big catalog of lazy servers with a warm listing cache —
// N lazy stdio servers × 20 tools (the catalog fixture's sets, 20 tools of one set per server), each
// listing already in a `fileToolCache`, so the load spawns nothing. Per N (default 50, 100, 250,
// 500) and per round, a fresh process (`--child`) imports the core (not timed), then measures:
//   load      `loadMcp` → resolved, ms;
//   rss       process RSS after the load, and after the searches, MiB (heap used after a full GC too);
//   search    the first `searchTools` after the load, ms (wall and this process's CPU), then p50/p99
//             over 200 more queries (the catalog fixture's query set, cycled) and their mean CPU.
// Beside them, the yardstick: one stdio server's cold start through the core (one eager catalog
// server, `loadMcp` → listed), in its own fresh process in the same rounds.
//   node bench/big-catalog.mjs [--rounds 3] [--counts 50,100,250,500]   (after `npm run build`)
//   node bench/big-catalog.mjs --defer-loading   (the load with `deferLoading: {}`: the source then
//     indexes each listing as it is swapped in, so the load pays the analysis and the first search
//     does not; without it nothing is indexed before the first search, which builds the index)
//   node bench/big-catalog.mjs --counts 50,500 --rounds 1 --heap-snapshot /tmp/heap
//     (heap snapshots after the load and after the searches, each after a full GC:
//     <N>-loaded.heapsnapshot, <N>-searched.heapsnapshot; compare with profile/heap-diff.mjs)
//   node bench/big-catalog.mjs --counts 500 --rounds 1 --cpu-prof /tmp/prof
//     (CPU profiles of the load, the first search and the 200 searches: <N>-<phase>.cpuprofile;
//     the profiler's cost is then in the figures)
// Prints the figures and writes nothing else (the temporary cache is removed).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeHeapSnapshot } from "node:v8";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { CATALOG_SETS, catalogQueries, catalogServer, catalogTools } from "@toolnexus/fixtures/catalog";

const TOOLS_PER_SERVER = 20;
const SEARCHES = 200;
const MiB = 1024 * 1024;
const self = new URL(import.meta.url).pathname;

/** Server `i`'s config entry: a catalog set, and its own `--log` so every fingerprint differs. */
function serverEntry(i, dir) {
  const set = CATALOG_SETS[i % CATALOG_SETS.length];
  return { set, entry: { ...catalogServer(set, { log: join(dir, `spawn-${i}.log`) }), lazy: true } };
}

function config(count, dir) {
  const mcpServers = {};
  for (let i = 0; i < count; i++) mcpServers[`s${i}`] = serverEntry(i, dir).entry;
  return { mcpServers };
}

/** Writes every server's listing into the file cache, as a discovery would have. */
async function fillCache(count, dir, cacheDir) {
  const { parseConfig } = await import("@toolnexus/mcp-core/config");
  const { configFingerprint, fileToolCache } = await import("@toolnexus/mcp-core/stores");
  const store = fileToolCache(cacheDir);
  const { servers } = await parseConfig(config(count, dir));
  const sets = new Map(CATALOG_SETS.map((set) => [set, catalogTools(set)]));
  for (const [i, server] of servers.entries()) {
    const { set } = serverEntry(i, dir);
    const offset = (Math.floor(i / CATALOG_SETS.length) * 15) % 45; // 0, 15, 30: slices within the 50
    const tools = sets.get(set).slice(offset, offset + TOOLS_PER_SERVER);
    const fingerprint = configFingerprint(server);
    await store.set(fingerprint, {
      version: 1,
      server: server.name,
      fingerprint,
      savedAt: new Date().toISOString(),
      tools,
      protocol: { version: "2025-11-25", prior: { kind: "legacy" } },
    });
  }
}

/** This process's CPU time (user + system) since `start`, ms: on a loaded machine it swings less than wall time. */
const cpuMsSince = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/**
 * The main thread's own CPU time, ms (Linux: `/proc/self/task/<pid>/schedstat`, nanoseconds on a
 * CPU): the process's CPU also counts V8's compiler and GC threads, and wall time waits for them
 * and for other processes; this is what the phase itself cost. NaN where it cannot be read.
 */
function mainThreadCpuMs() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * With a `profileDir`, a CPU profile of `phase` (node:inspector) is written there as
 * `<count>-<phase>.cpuprofile`; without one, `phase` just runs.
 */
async function profiled(profileDir, name, phase) {
  if (!profileDir) return phase();
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  try {
    return await phase();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** One sample in this (fresh) process. */
async function child({ kind, count, dir, cacheDir, profileDir, deferLoading, heapDir }) {
  const { loadMcp } = await import("@toolnexus/mcp-core");
  const { fileToolCache } = await import("@toolnexus/mcp-core/stores");
  // loadMcp loads the engine on its first call: loaded here, so neither figure counts it.
  await (await loadMcp({ mcpServers: {} })).close();
  if (kind === "cold") {
    const t0 = performance.now();
    const source = await loadMcp({ mcpServers: { one: catalogServer("github") } }, { toolCache: null });
    const loadMs = performance.now() - t0;
    await source.close();
    return { loadMs };
  }
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  const source = await profiled(profileDir, `${count}-load`, () =>
    loadMcp(config(count, dir), {
      toolCache: fileToolCache(cacheDir),
      deferLoading: deferLoading ? {} : undefined,
    }),
  );
  const loadMs = performance.now() - t0;
  const loadCpuMs = cpuMsSince(cpu0);
  const loadMainCpuMs = mainThreadCpuMs() - main0;
  const tools = source.tools.length;
  const rssLoaded = process.memoryUsage().rss;
  globalThis.gc?.();
  const heapLoaded = process.memoryUsage().heapUsed;
  if (heapDir) writeHeapSnapshot(join(heapDir, `${count}-loaded.heapsnapshot`));
  const queries = catalogQueries().map((q) => q.query);
  const t1 = performance.now();
  const cpu1 = process.cpuUsage();
  const main1 = mainThreadCpuMs();
  await profiled(profileDir, `${count}-first-search`, () => source.searchTools(queries[0]));
  const firstSearchMs = performance.now() - t1;
  const firstSearchCpuMs = cpuMsSince(cpu1);
  const firstSearchMainCpuMs = mainThreadCpuMs() - main1;
  const times = [];
  const cpu2 = process.cpuUsage();
  await profiled(profileDir, `${count}-searches`, () => {
    for (let i = 1; i <= SEARCHES; i++) {
      const t = performance.now();
      source.searchTools(queries[i % queries.length]);
      times.push(performance.now() - t);
    }
  });
  const searchCpuMs = cpuMsSince(cpu2) / SEARCHES;
  times.sort((a, b) => a - b);
  const rssSearched = process.memoryUsage().rss;
  globalThis.gc?.();
  const heapSearched = process.memoryUsage().heapUsed;
  if (heapDir) writeHeapSnapshot(join(heapDir, `${count}-searched.heapsnapshot`));
  await source.close();
  return {
    loadMs,
    loadCpuMs,
    loadMainCpuMs,
    tools,
    rssBeforeMiB: rssBefore / MiB,
    rssLoadedMiB: rssLoaded / MiB,
    heapLoadedMiB: heapLoaded / MiB,
    rssSearchedMiB: rssSearched / MiB,
    heapSearchedMiB: heapSearched / MiB,
    firstSearchMs,
    firstSearchCpuMs,
    firstSearchMainCpuMs,
    searchCpuMs,
    searchP50Ms: percentile(times, 50),
    searchP99Ms: percentile(times, 99),
  };
}

function runChild(payload) {
  const out = execFileSync(process.execPath, ["--expose-gc", self, "--child", JSON.stringify(payload)], {
    encoding: "utf8",
    maxBuffer: 16 * MiB,
  });
  return JSON.parse(out.trim().split("\n").at(-1));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs, digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function main() {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "3" },
      counts: { type: "string", default: "50,100,250,500" },
      "cpu-prof": { type: "string" },
      "defer-loading": { type: "boolean", default: false },
      "heap-snapshot": { type: "string" },
    },
  });
  const rounds = Number(values.rounds);
  if (values["cpu-prof"]) mkdirSync(values["cpu-prof"], { recursive: true });
  if (values["heap-snapshot"]) mkdirSync(values["heap-snapshot"], { recursive: true });
  const counts = values.counts.split(",").map(Number);
  const dir = makeTempDir("toolnexus-big-catalog-");
  const cacheDir = join(dir, "cache");
  try {
    await fillCache(Math.max(...counts), dir, cacheDir);
    const samples = new Map([["cold", []], ...counts.map((n) => [n, []])]);
    for (let round = 0; round < rounds; round++) {
      samples.get("cold").push(runChild({ kind: "cold" }));
      for (const count of round % 2 === 0 ? counts : [...counts].reverse()) {
        const sample = runChild({
          kind: "catalog",
          count,
          dir,
          cacheDir,
          profileDir: values["cpu-prof"],
          deferLoading: values["defer-loading"],
          heapDir: values["heap-snapshot"],
        });
        if (sample.error) throw new Error(sample.error);
        if (sample.tools !== count * TOOLS_PER_SERVER) {
          throw new Error(`${count} servers listed ${sample.tools} tools, not ${count * TOOLS_PER_SERVER}`);
        }
        samples.get(count).push(sample);
      }
      console.error(`round ${round + 1}/${rounds}`);
    }
    const spawned = readdirSync(dir).filter((f) => f.startsWith("spawn-")).length;
    if (spawned > 0) throw new Error(`${spawned} lazy servers were spawned; the cache was not warm`);
    const cold = samples.get("cold").map((s) => s.loadMs);
    console.log(
      `${rounds} rounds, ${TOOLS_PER_SERVER} tools per server${values["defer-loading"] ? ", deferLoading: {}" : ""}; medians (min–max). One stdio cold start (core, eager, spawn → listed): ${fmt(cold)} ms`,
    );
    console.log(
      "| servers | tools | load ms | × one cold start | load CPU ms | load main-thread CPU ms | load µs per tool | RSS loaded MiB | RSS searched MiB | heap loaded MiB | heap searched MiB | first search ms | first search CPU ms | first search main-thread CPU ms | search p50 ms | search p99 ms | search CPU ms (mean) |",
    );
    console.log(
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const count of counts) {
      const s = samples.get(count);
      const pick = (key) => s.map((x) => x[key]);
      const load = pick("loadMs");
      const tools = count * TOOLS_PER_SERVER;
      console.log(
        `| ${count} | ${tools} | ${fmt(load)} | ${(median(load) / median(cold)).toFixed(2)} | ${fmt(pick("loadCpuMs"))} | ${fmt(pick("loadMainCpuMs"))} | ${((median(load) * 1000) / tools).toFixed(1)} | ${fmt(pick("rssLoadedMiB"), 1)} | ${fmt(pick("rssSearchedMiB"), 1)} | ${fmt(pick("heapLoadedMiB"), 1)} | ${fmt(pick("heapSearchedMiB"), 1)} | ${fmt(pick("firstSearchMs"), 1)} | ${fmt(pick("firstSearchCpuMs"), 1)} | ${fmt(pick("firstSearchMainCpuMs"), 1)} | ${fmt(pick("searchP50Ms"), 2)} | ${fmt(pick("searchP99Ms"), 2)} | ${fmt(pick("searchCpuMs"), 2)} |`,
      );
    }
    const base = samples.get(counts[0]);
    console.log(
      `RSS before load (core imported): ${fmt(
        base.map((x) => x.rssBeforeMiB),
        1,
      )} MiB`,
    );
  } finally {
    removeTempDir(dir);
  }
}

if (process.argv[2] === "--child") {
  const result = await child(JSON.parse(process.argv[3])).catch((error) => ({
    error: String(error?.stack ?? error),
  }));
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
} else {
  await main();
}
