// Scenario 7: memory. The client process's RSS holding 12 servers × 50 tools, per contender, and
// the core's heap after many restart cycles of one server.
import { fileURLToPath } from "node:url";
import { CATALOG_SETS } from "@toolnexus/fixtures/catalog";
import { runChild } from "../lib/child.mjs";
import { CONTENDERS } from "../lib/contenders.mjs";

const CHILD = new URL("../lib/child-memory.mjs", import.meta.url);
const CORE = "toolnexus core";
const TOOLS_PER_SET = 50;
const GC = { nodeArgs: ["--expose-gc"], timeoutMs: 180_000 };
const TINY = fileURLToPath(new URL("../lib/tiny-server.mjs", import.meta.url));
/** One catalog set served SDK-free: what the client receives is the catalog fixture's. */
const catalogServer = (set) => ({ command: process.execPath, args: [TINY, "--catalog", set] });

export default {
  id: "memory",
  title: "7. Memory",
  description: `RSS: each sample is a fresh Node process (\`lib/child-memory.mjs\`, run with
\`--expose-gc\`) that loads only the contender's own library, connects it to twelve stdio servers
serving the \`catalog\` fixture's sets (the ten 50-tool sets, two of them twice under other names:
600 tools; served by \`lib/tiny-server.mjs --catalog <set>\`, which sends the catalog fixture's own
\`initialize\` and \`tools/list\` results without loading the SDK, so a spawn costs less), checks
it holds all 600 (the adapters' converted tools included), collects garbage twice and reads
\`process.memoryUsage().rss\` — the client process alone, servers not counted. 7 iterations,
interleaved (\`--quick\`: 3, three servers). Restart cycles (ours): one tiny SDK-free stdio server
(\`lib/tiny-server.mjs\`) restarted with \`source.restart()\` and called once, 1 000 times
(\`--quick\`: 50) after 10 warm-up cycles; the heap after garbage collection before and after. The
restart cycles run in their own process while the RSS samples are taken (memory figures, not times).`,
  async run({ quick, iterations, log }) {
    const count = quick ? 3 : 12;
    const servers = {};
    for (let i = 0; i < count; i++) {
      const set = CATALOG_SETS[i % CATALOG_SETS.length];
      servers[i < CATALOG_SETS.length ? set : `${set}${i}`] = catalogServer(set);
    }
    const expectTools = count * TOOLS_PER_SET;
    const metric = `client RSS, ${count} servers × ${TOOLS_PER_SET} tools`;
    const rows = CONTENDERS.map((c) => ({ contender: c.name, metric, unit: "MiB", samples: [] }));
    const cycles = quick ? 50 : 1000;
    const cycled = runChild(CHILD, { cycles }, { ...GC, timeoutMs: 600_000 });
    cycled.catch(() => {}); // awaited below; not an unhandled rejection while the RSS samples run
    for (let it = 0; it < iterations; it++) {
      for (const row of rows) {
        const r = await runChild(CHILD, { name: row.contender, servers, expectTools }, GC);
        row.samples.push(r.rssMiB);
      }
      log(`RSS iteration ${it + 1}/${iterations}`);
    }
    const r = await cycled;
    log(`${cycles} restart cycles: heap ${r.heapBeforeMiB.toFixed(1)} → ${r.heapAfterMiB.toFixed(1)} MiB`);
    const heap = (when, value) => ({
      contender: CORE,
      metric: `heap ${when}`,
      unit: "MiB",
      samples: [value],
    });
    return [
      ...rows,
      heap("after 10 warm-up restart cycles", r.heapBeforeMiB),
      heap(`after ${cycles} more restart cycles`, r.heapAfterMiB),
    ];
  },
  targets(summary) {
    const rss = summary.rows.find((r) => r.contender === CORE && r.metric.startsWith("client RSS"));
    const [before, after] = summary.rows.filter((r) => r.metric.startsWith("heap")).map((r) => r.median);
    return [
      {
        text: "client RSS ≤ 1.0 × raw (core)",
        met: rss?.ratio <= 1,
        detail: rss?.ratio === undefined ? "no figure" : `${rss.ratio.toFixed(2)} × raw`,
      },
      {
        text: "no heap growth over the restart cycles (≤ 10 %)",
        met: after <= before * 1.1,
        detail: `${before?.toFixed(1)} → ${after?.toFixed(1)} MiB`,
      },
    ];
  },
};
