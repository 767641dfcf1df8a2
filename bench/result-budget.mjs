// Benchmark (not a test): what the result budget (SPEC §7.12) costs.
// 1. Per call, on results under the budget: two sources in one process, each with its own
//    `fixtures/basic --big-results` stdio server, one with the budget on (the default) and one with
//    `resultBudget: { enabled: false }`; rounds alternate between them (so both see the same machine
//    state), each round `--calls` sequential `big_text` calls of `--chars` characters (under the
//    25 000-token default). Reports the median per-call CPU time (process.cpuUsage) and wall time
//    of each, and the paired ratio on / off per round.
//    The stage alone as well (the noise of whole calls on a shared machine is larger than it): the
//    `budget` stage on a call record holding a result under the budget, a million times.
// 2. Memory of 100 kept large results: 100 calls of `--big` characters (over the budget: each kept
//    in the default memory store), the results themselves dropped; the heap after a forced GC, before
//    and after, and what the store counts (2 bytes a code unit).
//   node bench/result-budget.mjs [--rounds 12] [--calls 300] [--chars 4000] [--big 120000] [--json]
//   (after `npm run build`)
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
// The stage alone, from the built package (not a public entry: the bench measures the engine).
import { budget, newCall } from "../packages/mcp-core/dist/calls/call-pipeline.js";
import { createKeptResults } from "../packages/mcp-core/dist/results/kept-results.js";
import { memoryResultStore } from "../packages/mcp-core/dist/results/memory-result-store.js";
import { resolveResultBudget } from "../packages/mcp-core/dist/results/result-budget-options.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "12" },
    calls: { type: "string", default: "300" },
    chars: { type: "string", default: "4000" },
    big: { type: "string", default: "120000" },
    json: { type: "boolean", default: false },
  },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const chars = Number(values.chars);
const big = Number(values.big);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function load(options) {
  const source = await loadMcp(
    { mcpServers: { b: stdioServer("basic", ["--big-results"]) } },
    {
      toolCache: null,
      taskStore: null,
      pinStore: null,
      ...options,
    },
  );
  const tool = source.tools.find((t) => t.rawName === "big_text");
  if (tool === undefined) throw new Error("big_text is not listed");
  return { source, tool };
}

/** `calls` sequential calls; CPU and wall time per call, in microseconds. */
async function round(tool) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const result = await tool.execute({ chars });
    if (result.isError || result.preview !== undefined) throw new Error("expected a result under the budget");
  }
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / calls, wallUs: ((performance.now() - started) * 1000) / calls };
}

const on = await load({});
const off = await load({ resultBudget: { enabled: false } });
// Warm-up: the JIT, the servers' first answers.
await round(on.tool);
await round(off.tool);
const samples = { on: [], off: [], ratios: [], wallOn: [], wallOff: [] };
for (let r = 0; r < rounds; r++) {
  // Alternate which goes first, so neither always runs on a warmer machine.
  const order = r % 2 === 0 ? ["on", "off"] : ["off", "on"];
  const got = {};
  for (const which of order) got[which] = await round(which === "on" ? on.tool : off.tool);
  samples.on.push(got.on.cpuUs);
  samples.off.push(got.off.cpuUs);
  samples.wallOn.push(got.on.wallUs);
  samples.wallOff.push(got.off.wallUs);
  samples.ratios.push(got.on.cpuUs / got.off.cpuUs);
}
await off.source.close();

/** Nanoseconds the `budget` stage takes on one result under the budget (the usual call). */
function stageAloneNs() {
  const settings = resolveResultBudget(undefined);
  const kept = createKeptResults(memoryResultStore(), settings.ttlMs, settings.maxTokens * 4, () => {});
  const site = { config: { name: "b" }, budget: { settings, kept, warn: () => {} } };
  const tool = { name: "mcp__b__big_text", rawName: "big_text", definition: { name: "big_text" } };
  const text = "x".repeat(chars);
  const call = newCall(site, tool, {}, undefined);
  const result = { content: [{ type: "text", text }], isError: false, text };
  const N = 1_000_000;
  const once = () => {
    call.result = result;
    budget(call);
  };
  for (let i = 0; i < N / 10; i++) once();
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) once();
  return Number(process.hrtime.bigint() - started) / N;
}
const stageNs = stageAloneNs();

// Memory of 100 kept results: the store holds them; the call results are dropped at once.
gc();
const before = process.memoryUsage();
let kept = 0;
let keptChars = 0;
for (let i = 0; i < 100; i++) {
  const result = await on.tool.execute({ chars: big });
  if (result.preview?.handle !== undefined) {
    kept += 1;
    keptChars += result.text.length;
  }
}
gc();
const after = process.memoryUsage();
const lastRead = await on.source.readResult("x");
await on.source.close();
gc();
const closed = process.memoryUsage();

const MiB = 1024 * 1024;
const report = {
  perCall: {
    calls,
    rounds,
    chars,
    cpuUsOn: Number(median(samples.on).toFixed(1)),
    cpuUsOff: Number(median(samples.off).toFixed(1)),
    wallUsOn: Number(median(samples.wallOn).toFixed(1)),
    wallUsOff: Number(median(samples.wallOff).toFixed(1)),
    ratioMedian: Number(median(samples.ratios).toFixed(3)),
    ratioMin: Number(Math.min(...samples.ratios).toFixed(3)),
    ratioMax: Number(Math.max(...samples.ratios).toFixed(3)),
    stageAloneNs: Number(stageNs.toFixed(1)),
    stageShareOfCallPct: Number(((stageNs / 1000 / median(samples.off)) * 100).toFixed(3)),
  },
  memory: {
    kept,
    charsEach: big,
    storeCountedMiB: Number(((keptChars * 2) / MiB).toFixed(1)),
    heapBeforeMiB: Number((before.heapUsed / MiB).toFixed(1)),
    heapAfterMiB: Number((after.heapUsed / MiB).toFixed(1)),
    heapDeltaMiB: Number(((after.heapUsed - before.heapUsed) / MiB).toFixed(1)),
    rssDeltaMiB: Number(((after.rss - before.rss) / MiB).toFixed(1)),
    heapAfterCloseMiB: Number((closed.heapUsed / MiB).toFixed(1)),
  },
  unknownHandle: lastRead.slice(0, 40),
};
if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  const p = report.perCall;
  const m = report.memory;
  console.log(
    `per call under the budget (${chars} chars, ${calls} calls × ${rounds} rounds): CPU ${p.cpuUsOn} µs on, ${p.cpuUsOff} µs off; paired ratio median ${p.ratioMedian} (${p.ratioMin}–${p.ratioMax}); wall ${p.wallUsOn} / ${p.wallUsOff} µs; the stage alone ${p.stageAloneNs} ns a result = ${p.stageShareOfCallPct} % of a call's CPU`,
  );
  console.log(
    `${m.kept} kept results of ${m.charsEach} chars: store counts ${m.storeCountedMiB} MiB; heap ${m.heapBeforeMiB} → ${m.heapAfterMiB} MiB (+${m.heapDeltaMiB}), rss +${m.rssDeltaMiB} MiB; after close ${m.heapAfterCloseMiB} MiB`,
  );
}
