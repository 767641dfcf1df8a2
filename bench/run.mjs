// The benchmark harness: runs every scenario in bench/scenarios/ (ours beside the peers, see
// lib/contenders.mjs), summarizes the samples and writes results.json plus the markdown tables
// (between the markers of README.md). `npm run bench` builds first, then runs this.
//
//   node bench/run.mjs [--quick] [--iterations N] [--out DIR] [--only id,id]
//     --quick  3 iterations instead of 7 and smaller scales (a smoke check)
//     --iterations  override the iteration count (the test suite's smoke run uses --quick --iterations 1)
//     --out    where results.json and the tables go (default: bench/, rewriting bench/README.md
//              between its markers; any other directory gets results.json and README.md of its own)
//     --only   run just these scenario ids (file names without .mjs)
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, release, totalmem, type } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { CONTENDERS } from "./lib/contenders.mjs";
import { renderRun, replaceBetweenMarkers } from "./lib/render.mjs";
import { rowProblems } from "./lib/scenario.mjs";
import { summarize } from "./lib/stats.mjs";

const BENCH_DIR = fileURLToPath(new URL(".", import.meta.url));
const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    out: { type: "string" },
    only: { type: "string" },
    iterations: { type: "string" },
  },
});
const quick = flags.quick;
const iterations = flags.iterations ? Number(flags.iterations) : quick ? 3 : 7;
if (!Number.isInteger(iterations) || iterations < 1) {
  throw new Error(`--iterations must be a whole number ≥ 1, got "${flags.iterations}"`);
}
const outDir = resolve(flags.out ?? BENCH_DIR);
const only = flags.only ? new Set(flags.only.split(",")) : null;
const log = (line) => process.stderr.write(`${line}\n`);

/** The scenario modules, ordered by the number their title starts with. */
async function loadScenarios() {
  const dir = join(BENCH_DIR, "scenarios");
  // `lib-*.mjs` files there are helpers shared by scenarios, not scenarios.
  const files = readdirSync(dir).filter((f) => f.endsWith(".mjs") && !f.startsWith("lib-"));
  const scenarios = [];
  for (const file of files) {
    const id = file.slice(0, -".mjs".length);
    if (only && !only.has(id)) continue;
    const scenario = (await import(join(dir, file))).default;
    if (typeof scenario?.run !== "function")
      throw new Error(`scenarios/${file}: the default export has no run()`);
    scenarios.push({ ...scenario, id });
  }
  const order = (s) => Number.parseFloat(s.title) || 99;
  return scenarios.sort((a, b) => order(a) - order(b) || a.id.localeCompare(b.id));
}

/** Formats the files the repository commits with its own formatter (biome), so `npm run lint` stays clean. */
function formatCommitted(files) {
  const biome = join(BENCH_DIR, "..", "node_modules", ".bin", "biome");
  const result = spawnSync(biome, ["format", "--write", ...files], { encoding: "utf8" });
  if (result.status !== 0)
    log(`could not format ${files.join(", ")} with biome: ${result.error ?? result.stderr}`);
}

async function runScenario(scenario) {
  const started = performance.now();
  log(`${scenario.title} …`);
  const workDir = makeTempDir(`toolnexus-bench-${scenario.id}-`);
  const entry = { id: scenario.id, title: scenario.title, description: scenario.description };
  try {
    const rows = await scenario.run({
      quick,
      log: (line) => log(`  ${line}`),
      workDir,
      iterations,
    });
    const problems = rowProblems(rows);
    if (problems.length > 0) throw new Error(`bad rows: ${problems.join("; ")}`);
    entry.samples = rows.map((r) => ({ contender: r.contender, metric: r.metric, samples: r.samples }));
    entry.summary = summarize(rows);
    entry.targets = scenario.targets?.(entry.summary) ?? [];
  } catch (error) {
    entry.error = String(error?.stack ?? error);
    log(`  FAILED: ${entry.error}`);
  } finally {
    removeTempDir(workDir);
  }
  entry.seconds = Math.round((performance.now() - started) / 100) / 10;
  log(`  done in ${entry.seconds} s`);
  return entry;
}

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model?.trim() ?? "unknown CPU",
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${type()} ${release()}`,
  node: process.versions.node,
};
const scenarios = [];
for (const scenario of await loadScenarios()) scenarios.push(await runScenario(scenario));

const run = {
  generatedAt: new Date().toISOString(),
  quick,
  iterations,
  machine,
  versions: CONTENDERS.map((c) => c.version).filter((v, i, all) => all.indexOf(v) === i),
  scenarios,
};
const block = renderRun(run);
const json = {
  ...run,
  scenarios: scenarios.map(({ summary, ...rest }) => ({ ...rest, rows: summary?.rows ?? [] })),
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "results.json"), `${JSON.stringify(json, null, 2)}\n`);
const readmeFile = join(outDir, "README.md");
let readme = "";
try {
  readme = readFileSync(readmeFile, "utf8");
} catch {
  // a fresh --out directory
}
writeFileSync(readmeFile, replaceBetweenMarkers(readme, block));
if (outDir === resolve(BENCH_DIR)) formatCommitted([join(outDir, "results.json"), readmeFile]);
log(`written ${join(outDir, "results.json")} and ${readmeFile}`);
const failed = scenarios.filter((s) => s.error);
if (failed.length > 0) {
  log(`failed scenarios: ${failed.map((s) => s.id).join(", ")}`);
  process.exitCode = 1;
}
// A peer may keep respawning a server it was told to close (@langchain/mcp-adapters' stdio
// `restart`, scenario 3), which would keep this process alive for good; its children end on stdin
// EOF once this process is gone.
process.exit();
