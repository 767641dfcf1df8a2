// Splits a CPU profile of one spawn → listed window (spawn-listed.mjs --prof) by phase of the wire
// timeline and by cost category (the first matching frame from the leaf up), in ms of samples.
//   node bench/profile/phases.mjs <file.cpuprofile> <spawn-listed.mjs output file>
import { readFileSync } from "node:fs";

const [file, runFile] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8"));
const { events, t0Us } = JSON.parse(readFileSync(runFile, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const CATEGORIES = [
  ["idle", (cf) => cf.functionName === "(idle)" || cf.functionName === "(program)"],
  ["gc", (cf) => cf.functionName === "(garbage collector)"],
  ["our listing validation", (cf) => /mcp-core\/dist\/(tools|listing)\//.test(cf.url)],
  ["SDK zod schemas (build+parse)", (cf) => /node_modules\/zod\//.test(cf.url)],
  ["SDK client", (cf) => /@modelcontextprotocol/.test(cf.url)],
  ["child spawn", (cf) => /child_process/.test(cf.url) || cf.functionName === "spawn"],
  ["mcp-core other", (cf) => /mcp-core\/dist/.test(cf.url)],
];
// The category of a sample: the outermost frame that matches, so zod called by our code counts as ours
// only when our frame is above the SDK's.
function category(id) {
  const stack = [];
  for (let n = id; n !== undefined; n = parent.get(n)) stack.push(byId.get(n).callFrame);
  const leaf = stack[0];
  if (leaf.functionName === "(idle)" || leaf.functionName === "(program)") return "idle";
  if (leaf.functionName === "(garbage collector)") return "gc";
  for (const [name, test] of CATEGORIES.slice(2)) if (stack.some(test)) return name;
  return "other";
}
const phaseEdges = events.filter(([, w]) =>
  /spawn\(\) called|→ initialize|← result#0|→ tools\/list|← result#1|connect resolved/.test(w),
);
const phaseOf = (ms) => {
  let p = "before spawn";
  for (const [at, what] of phaseEdges) if (ms >= at) p = `after ${what}`;
  return p;
};
const table = new Map();
// Profile timestamps and hrtime share the monotonic clock: sample times relative to the clock's start.
let t = profile.startTime - t0Us;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const ms = t / 1000;
  const key = `${phaseOf(ms)}\u0000${category(profile.samples[i])}`;
  table.set(key, (table.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
}
const rows = [...table].map(([k, v]) => [...k.split("\u0000"), v]);
for (const [phase, cat, v] of rows)
  if (cat !== "idle" && v >= 1) console.log(`${phase.padEnd(28)} ${cat.padEnd(32)} ${v.toFixed(1)} ms`);

// With a third argument (a phase's name, e.g. "after ← result#0"): that phase's heaviest stacks.
const detail = process.argv[4];
if (detail) {
  const stacks = new Map();
  let at = profile.startTime - t0Us;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (phaseOf(at / 1000) !== detail) continue;
    const frames = [];
    for (let n = profile.samples[i]; n !== undefined; n = parent.get(n)) {
      const cf = byId.get(n).callFrame;
      if (cf.functionName && cf.functionName !== "(root)") frames.push(cf.functionName);
    }
    const key = frames.slice(0, 8).join(" < ");
    stacks.set(key, (stacks.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  console.log(`\n${detail}: heaviest stacks (leaf first)`);
  for (const [key, ms] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    if (!key.startsWith("(idle)")) console.log(`${ms.toFixed(1).padStart(6)} ms  ${key}`);
  }
}
