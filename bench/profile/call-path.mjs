// Call-path profile (not a test): the stdio echo fixture reached five ways, interleaved so a loaded
// machine slows every contender alike — raw SDK 1.x Client, raw v2 Client (what the core runs on),
// the core's `tool.execute`, the AI SDK adapter's `execute`, the LangChain adapter's `invoke`.
// Prints sequential median/p99, concurrent throughput and spawn → listed, as ratios to raw v1.
//   node bench/profile/call-path.mjs [--rounds 7] [--calls 300] [--concurrent 200,1000] [--spawns 7]
//   node bench/profile/call-path.mjs --only core --calls 3000 --rounds 1   (a single contender, for --cpu-prof)
import { parseArgs } from "node:util";
import { baseCoreContender, contenders } from "./contenders.mjs";

const { values: opts } = parseArgs({
  options: {
    rounds: { type: "string", default: "7" },
    calls: { type: "string", default: "300" },
    concurrent: { type: "string", default: "200,1000" },
    spawns: { type: "string", default: "7" },
    only: { type: "string" },
    // The dist/index.js of another build of the core: adds the contender `coreBase`.
    base: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const CALLS = Number(opts.calls);
const CONCURRENT = opts.concurrent === "0" ? [] : opts.concurrent.split(",").map(Number);
const SPAWNS = Number(opts.spawns);

if (opts.base) contenders.coreBase = baseCoreContender(opts.base);
const names = opts.only ? opts.only.split(",") : Object.keys(contenders);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};

/** Client-process CPU (user + system) in microseconds: what our code adds, steadier than wall time under load. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

async function sequential(c) {
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await c.call(String(i));
    times.push(performance.now() - t);
  }
  return times;
}
async function concurrent(c, n) {
  const t = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => c.call(String(i))));
  return n / ((performance.now() - t) / 1000);
}

const stats = Object.fromEntries(
  names.map((n) => [n, { seq: [], p99: [], cpu: [], concCpu: [], spawn: [], conc: {} }]),
);
for (const n of names) for (const k of CONCURRENT) stats[n].conc[k] = [];

// Warm up every module and JIT path once.
for (const n of names) {
  const c = await contenders[n].open();
  for (let i = 0; i < 50; i++) await c.call("w");
  await c.close();
}

for (let round = 0; round < ROUNDS; round++) {
  // Rotate the order per round so no contender always goes first.
  const order = names.map((_, i) => names[(i + round) % names.length]);
  for (const n of order) {
    const t = performance.now();
    const c = await contenders[n].open();
    stats[n].spawn.push(performance.now() - t);
    const cpu0 = cpuNow();
    const times = await sequential(c);
    stats[n].cpu.push((cpuNow() - cpu0) / CALLS);
    stats[n].seq.push(median(times));
    stats[n].p99.push(pct(times, 0.99));
    for (const k of CONCURRENT) {
      const c0 = cpuNow();
      stats[n].conc[k].push(await concurrent(c, k));
      stats[n].concCpu.push((cpuNow() - c0) / k);
    }
    await c.close();
  }
  for (let s = 1; s < SPAWNS / ROUNDS; s++) {
    for (const n of order) {
      const t = performance.now();
      const c = await contenders[n].open();
      stats[n].spawn.push(performance.now() - t);
      await c.close();
    }
  }
}

const base = stats[names.includes("rawV1") ? "rawV1" : names[0]];
const row = (n) => {
  const s = stats[n];
  const seq = median(s.seq);
  const out = {
    contender: n,
    seqMedianMs: +seq.toFixed(3),
    seqRatio: +(seq / median(base.seq)).toFixed(3),
    p99Ms: +median(s.p99).toFixed(3),
    cpuUsPerCall: Math.round(median(s.cpu)),
    cpuRatio: +(median(s.cpu) / median(base.cpu)).toFixed(3),
    concCpuUsPerCall: Math.round(median(s.concCpu)),
    concCpuRatio: +(median(s.concCpu) / median(base.concCpu)).toFixed(3),
    spawnListedMs: +median(s.spawn).toFixed(1),
    spawnRatio: +(median(s.spawn) / median(base.spawn)).toFixed(3),
  };
  for (const k of CONCURRENT) {
    out[`conc${k}PerS`] = Math.round(median(s.conc[k]));
    out[`conc${k}Ratio`] = +(median(s.conc[k]) / median(base.conc[k])).toFixed(3);
  }
  return out;
};
const rows = names.map(row);
if (opts.json) console.log(JSON.stringify(rows, null, 2));
else console.table(rows);
