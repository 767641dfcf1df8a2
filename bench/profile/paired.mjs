// Paired ratios (not a test): contenders held open side by side and measured in short interleaved
// rounds, each round's figure divided by the other contender's figure of the same round. On a busy
// machine a round's conditions hit every contender alike, so the median of the per-round ratios
// (with its min–max) is steadier than a ratio of two medians taken minutes apart.
//   node bench/profile/paired.mjs [--only rawV1,aiSdkMcp,core] [--rounds 30] [--calls 100]
//                                 [--concurrent 200,1000] [--batches 9] [--base …/dist/index.js]
// Sequential: per round, --calls echo calls per contender → median latency and client CPU per call.
// Concurrent: per batch, each size started at once (Promise.all) → throughput.
import { parseArgs } from "node:util";
import { baseCoreContender, contenders } from "./contenders.mjs";

const { values: opts } = parseArgs({
  options: {
    only: { type: "string", default: "rawV1,aiSdkMcp,core" },
    rounds: { type: "string", default: "30" },
    calls: { type: "string", default: "100" },
    concurrent: { type: "string", default: "200,1000" },
    batches: { type: "string", default: "9" },
    base: { type: "string" },
  },
});
if (opts.base) contenders.coreBase = baseCoreContender(opts.base);
const names = opts.only.split(",").concat(opts.base ? ["coreBase"] : []);
const sizes = opts.concurrent === "0" ? [] : opts.concurrent.split(",").map(Number);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuNowUs = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};
const rotated = (round) => names.map((_, i) => names[(i + round) % names.length]);

const open = {};
for (const name of names) {
  open[name] = await contenders[name].open();
  for (let i = 0; i < 100; i++) await open[name].call("warm");
}
const figures = {};
const add = (metric, name, value) => {
  figures[metric] ??= Object.fromEntries(names.map((n) => [n, []]));
  figures[metric][name].push(value);
};
for (let round = 0; round < Number(opts.rounds); round++) {
  for (const name of rotated(round)) {
    const times = [];
    const cpu0 = cpuNowUs();
    for (let i = 0; i < Number(opts.calls); i++) {
      const t0 = performance.now();
      await open[name].call(String(i));
      times.push(performance.now() - t0);
    }
    add("sequential ms", name, median(times));
    add("sequential client CPU µs", name, (cpuNowUs() - cpu0) / Number(opts.calls));
  }
}
for (let batch = 0; batch < Number(opts.batches); batch++) {
  for (const size of sizes) {
    for (const name of rotated(batch)) {
      const t0 = performance.now();
      await Promise.all(Array.from({ length: size }, (_, i) => open[name].call(String(i))));
      add(`${size} concurrent calls/s`, name, size / ((performance.now() - t0) / 1000));
    }
  }
}
for (const name of names) await open[name].close();

const fixed = (x) => (x >= 100 ? Math.round(x) : +x.toPrecision(3));
for (const [metric, byName] of Object.entries(figures)) {
  console.log(`\n${metric}: ${names.map((n) => `${n} ${fixed(median(byName[n]))}`).join(", ")}`);
  for (const a of names.filter((n) => n.startsWith("core"))) {
    for (const b of names.filter((n) => n !== a)) {
      const ratios = byName[a].map((x, i) => x / byName[b][i]).sort((x, y) => x - y);
      const spread = `${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}`;
      console.log(`  ${a} ÷ ${b}: ${median(ratios).toFixed(2)} (${spread}, n = ${ratios.length})`);
    }
  }
}
