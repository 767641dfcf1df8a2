// Summarises a `node --cpu-prof` profile: self time per function and per package/file, top N.
//   node bench/profile/top.mjs <file.cpuprofile> [N]
import { readFileSync } from "node:fs";

const [file, n = "25"] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}
// Waiting and module loading are not per-call work: left out of the shares.
const skip = (cf) =>
  cf.functionName === "(idle)" ||
  cf.functionName === "(program)" ||
  /node:internal\/modules|node:internal\/bootstrap|compileSourceTextModule/.test(
    `${cf.url}${cf.functionName}`,
  );
for (const id of [...self.keys()]) if (skip(byId.get(id).callFrame)) self.delete(id);
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (cf) => {
  const url = cf.url.replace(/^file:\/\//, "");
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const p = url.match(/packages\/([^/]+)\/dist\/(.*)$/);
  if (p) return `${p[1]}/${p[2]}`;
  return url.startsWith("node:") ? url : url ? url.split("/").slice(-2).join("/") : "(native)";
};
const fn = new Map();
const pkg = new Map();
for (const [id, us] of self) {
  const cf = byId.get(id).callFrame;
  const key = `${cf.functionName || "(anon)"}  ${where(cf)}:${cf.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const w = where(cf);
  pkg.set(w, (pkg.get(w) ?? 0) + us);
}
const show = (title, map) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) {
    console.log(
      `${((100 * us) / total).toFixed(1).padStart(5)} % ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );
  }
};
show("self time by function", fn);
show("self time by file/package", pkg);
