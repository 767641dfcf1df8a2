// The difference of two heap snapshots by constructor, per unit: e.g. a 500-server catalog against
// a 50-server one (`big-catalog.mjs --heap-snapshot DIR`), divided by the 9 000 tools between them.
//   node bench/profile/heap-diff.mjs <a.heapsnapshot> <b.heapsnapshot> [units] [top]
// Prints bytes of b − a per constructor, per unit, the largest differences first.
import { byConstructor } from "./heap-summary.mjs";

const [a, b, units = "1", top = "25"] = process.argv.slice(2);
const before = byConstructor(a);
const after = byConstructor(b);
const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
const delta = (k) => (after[k]?.bytes ?? 0) - (before[k]?.bytes ?? 0);
const rows = [...keys].sort((x, y) => Math.abs(delta(y)) - Math.abs(delta(x))).slice(0, Number(top));
console.log("| constructor | bytes per unit | objects per unit |");
console.log("| --- | --- | --- |");
for (const k of rows) {
  const count = (after[k]?.count ?? 0) - (before[k]?.count ?? 0);
  console.log(
    `| ${k.replaceAll("|", "\\|")} | ${(delta(k) / Number(units)).toFixed(0)} | ${(count / Number(units)).toFixed(2)} |`,
  );
}
const total = [...keys].reduce((sum, k) => sum + delta(k), 0);
console.log(`| total | ${(total / Number(units)).toFixed(0)} | |`);
