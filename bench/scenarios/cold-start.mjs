// Scenario 1: cold start. Time to the first tool result on a fast server when one of twelve
// servers takes 3 s to initialize, and one server's spawn → listed / first result.
import { join } from "node:path";
import { stdioServer } from "@toolnexus/fixtures";
import { runChild } from "../lib/child.mjs";
import { BASELINE } from "../lib/contenders.mjs";

const CHILD = new URL("../lib/child-start.mjs", import.meta.url);
const CORE = "toolnexus core";
const V2 = "raw SDK v2 Client";
const PEERS = [BASELINE, V2, "@ai-sdk/mcp", "@langchain/mcp-adapters"];
const EAGER = `${CORE}, eager`;
const SLOW_LAZY = `${CORE}, slow server lazy`;
const WARM = `${CORE}, all lazy, warm cache`;
const ERA_KNOWN = `${CORE}, era cached`;
const ONE_LISTED = "one server: spawn → listed";
const ONE_FIRST = "one server: spawn → first result";
const ONE_COLD = "one server, modules not loaded: import → listed";

export default {
  id: "cold-start",
  title: "1. Cold start",
  description: `Twelve \`basic\` fixture servers over stdio, one of them (\`slow\`) started with
\`--init-delay-ms 3000\` so it answers \`initialize\` 3 s late. Each sample is a fresh Node process
(\`lib/child-start.mjs\`) that connects the contender and calls \`echo\` on a fast server; the figure
is the time from \`connect\` to that first result (module loading excluded: each contender's
\`preload()\` loads before the clock what its \`connect\` would load, ours including the modules
\`loadMcp\` imports lazily on its first call). Ours three ways: eager
(\`loadMcp\` resolves when every server is listed), with the slow server \`lazy\`, and with every
server lazy and a warm listing cache (\`fileToolCache\`, filled once before the samples: the first
call spawns just the one server it needs). The peers connect and list every server before handing
out tools. Then one server alone: spawn → listed (connect resolved with the tools) and spawn →
first result, ours also with its era verdict in a warm listing cache (\`toolCache\` given, the
server eager: its start sends no \`server/discover\` probe); and import → listed, where nothing is
loaded before the clock (a script's first load: ours imports its engine on the first \`loadMcp\`
and spawns eager stdio servers before it, the others import their client). Contenders interleaved per iteration; 7 iterations (\`--quick\`: 3, three servers, the
slow one 0.5 s late, the single server for ours and the raw client only).`,
  async run({ quick, log, iterations, workDir }) {
    const fastCount = quick ? 2 : 11;
    const delayMs = quick ? 500 : 3000;
    const servers = { slow: stdioServer("basic", ["--init-delay-ms", String(delayMs)]) };
    for (let i = 0; i < fastCount; i++) servers[`fast${i}`] = stdioServer("basic");
    const callKey = "fast0/echo";
    const cacheDir = join(workDir, "cache");
    await runChild(CHILD, { name: CORE, servers, options: { lazy: true, cacheDir }, fill: true });
    const many = [
      { label: EAGER, name: CORE, options: {} },
      { label: SLOW_LAZY, name: CORE, options: { lazy: ["slow"] } },
      { label: WARM, name: CORE, options: { lazy: true, cacheDir } },
      ...PEERS.map((name) => ({ label: name, name, options: {} })),
    ];
    const one = { one: stdioServer("basic") };
    const eraCacheDir = join(workDir, "era-cache");
    // One load with the store writes the server's entry, its era verdict in it.
    await runChild(CHILD, {
      name: CORE,
      servers: one,
      options: { cacheDir: eraCacheDir },
      callKey: "one/echo",
    });
    const single = [
      { label: CORE, name: CORE, options: {} },
      { label: ERA_KNOWN, name: CORE, options: { cacheDir: eraCacheDir } },
      ...(quick ? [BASELINE, V2] : PEERS).map((name) => ({ label: name, name, options: {} })),
    ];
    // A script's first load: the imports on the clock too (ours loads its engine on the first call).
    const cold = quick ? [CORE, BASELINE, V2] : [CORE, ...PEERS];
    const samples = new Map();
    const push = (label, metric, value) => {
      const key = `${label}\u0000${metric}`;
      if (!samples.has(key)) samples.set(key, { contender: label, metric, unit: "ms", samples: [] });
      samples.get(key).samples.push(value);
    };
    const metric = `${fastCount + 1} servers, one ${delayMs / 1000} s slow: first result on a fast server`;
    for (let it = 0; it < iterations; it++) {
      for (const v of many) {
        const r = await runChild(CHILD, { name: v.name, servers, options: v.options, callKey });
        push(v.label, metric, r.firstResultMs);
      }
      for (const { label, name, options } of single) {
        const r = await runChild(CHILD, { name, servers: one, options, callKey: "one/echo" });
        push(label, ONE_LISTED, r.connectedMs);
        push(label, ONE_FIRST, r.firstResultMs);
      }
      for (const name of cold) {
        const r = await runChild(CHILD, { name, servers: one, options: {}, callKey: "one/echo", cold: true });
        push(name, ONE_COLD, r.connectedMs);
      }
      log(`iteration ${it + 1}/${iterations}`);
    }
    return [...samples.values()];
  },
  targets(summary) {
    const listed = summary.get(CORE, ONE_LISTED);
    const eraListed = summary.get(ERA_KNOWN, ONE_LISTED);
    const warmRow = summary.rows.find((r) => r.contender === WARM);
    const rawFirst = summary.get(BASELINE, ONE_FIRST);
    const warmRatio = warmRow && rawFirst ? warmRow.median / rawFirst.median : undefined;
    return [
      {
        text: "one server's spawn → listed ≤ 1.05 × raw",
        met: listed?.ratio <= 1.05,
        detail: listed?.ratio === undefined ? "no figure" : `${listed.ratio.toFixed(2)} × raw`,
      },
      {
        text: "one server's spawn → listed, era known (cached) ≤ 1.03 × raw",
        met: eraListed?.ratio <= 1.03,
        detail: eraListed?.ratio === undefined ? "no figure" : `${eraListed.ratio.toFixed(2)} × raw`,
      },
      {
        text: "all-lazy warm first call ≤ 1.5 × a single server's cold start (raw client, spawn → first result)",
        met: warmRatio <= 1.5,
        detail: warmRatio === undefined ? "no figure" : `${warmRatio.toFixed(2)} ×`,
      },
    ];
  },
};
