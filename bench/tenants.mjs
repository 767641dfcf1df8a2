// Benchmark (not a test), issue 44 goal 9: what a tenant costs the supervisor. One `perTenant`
// remote server (the basic fixture over Streamable HTTP, so an instance is a session, not a child)
// and N tenants (default 200) that each make one call. In a fresh process run with --expose-gc,
// heap used after a full GC (and RSS) is read before the tenants, once every tenant's instance is
// open (live), and once every instance was stopped for idleness and forgotten (idle):
//   live   (heap with N open instances − before) ÷ N: bytes per tenant while its instance is open;
//   idle   (heap after the idle stop − before) ÷ N: bytes an idle tenant still costs (the goal: ~0);
//   first  a tenant's first call (its instance made, its session opened), ms; then a known tenant's.
// A stdio `perTenant` server's instance is a child of its own besides (the basic fixture's RSS,
// about 70 MiB, is the child's, not the supervisor's).
//   node bench/tenants.mjs [--tenants 200] [--rounds 3]   (after `npm run build`)
//   node bench/tenants.mjs --rounds 1 --heap-snapshot /tmp/t   (before.heapsnapshot, idle.heapsnapshot:
//     compare with profile/heap-diff.mjs /tmp/t/before.heapsnapshot /tmp/t/idle.heapsnapshot 200)
// Prints the figures and writes nothing.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";

const self = new URL(import.meta.url).pathname;
const { values: flags } = parseArgs({
  options: {
    tenants: { type: "string", default: "200" },
    rounds: { type: "string", default: "3" },
    child: { type: "boolean", default: false },
    "heap-snapshot": { type: "string" },
  },
});
const tenants = Number(flags.tenants);

async function child() {
  const { startHttpFixture } = await import("@toolnexus/fixtures");
  const { loadMcp } = await import("@toolnexus/mcp-core");
  const { writeHeapSnapshot } = await import("node:v8");
  const snapshot = (name) =>
    flags["heap-snapshot"] && writeHeapSnapshot(`${flags["heap-snapshot"]}/${name}.heapsnapshot`);
  // Long enough that no instance idles out while the tenants call (200 first calls take seconds).
  const IDLE_MS = 10_000;
  const fixture = await startHttpFixture("basic");
  const heap = () => {
    globalThis.gc();
    globalThis.gc();
    return { heap: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss };
  };
  const source = await loadMcp(
    { mcpServers: { t: { url: fixture.url, perTenant: { maxInstances: tenants, idleTimeoutMs: IDLE_MS } } } },
    { toolCache: null, onWarning: () => {} },
  );
  const pid = source.tools.find((t) => t.rawName === "pid");
  await pid.execute({}); // the server's own session open, before the baseline
  const untilForgotten = async () => {
    const deadline = Date.now() + IDLE_MS * 3;
    while (source.servers()[0].tenantInstances > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // undici keeps an idle socket for 4 s: gone before the heap is read.
    await new Promise((resolve) => setTimeout(resolve, 5000));
  };
  // A few tenants made and forgotten first: the code they run is compiled before the baseline.
  for (let i = 0; i < 5; i++) await pid.execute({}, { tenant: `warm-${i}` });
  await untilForgotten();
  const before = heap();
  snapshot("before");
  const firstMs = [];
  for (let i = 0; i < tenants; i++) {
    const start = performance.now();
    const result = await pid.execute({}, { tenant: `tenant-${i}` });
    firstMs.push(performance.now() - start);
    if (result.isError) throw new Error(result.text);
  }
  const knownStart = performance.now();
  for (let i = 0; i < tenants; i++) await pid.execute({}, { tenant: `tenant-${i}` });
  const knownMs = (performance.now() - knownStart) / tenants;
  const live = heap();
  const open = source.servers()[0].tenantInstances;
  await untilForgotten();
  const idle = heap();
  snapshot("idle");
  const left = source.servers()[0].tenantInstances;
  await source.close();
  await fixture.stop();
  firstMs.sort((a, b) => a - b);
  process.stdout.write(
    JSON.stringify({
      open,
      left,
      liveBytes: (live.heap - before.heap) / tenants,
      liveRssBytes: (live.rss - before.rss) / tenants,
      idleBytes: (idle.heap - before.heap) / tenants,
      firstMs: firstMs[Math.floor(firstMs.length / 2)],
      knownMs,
    }),
  );
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function range(values, format) {
  return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

if (flags.child) {
  await child();
} else {
  const runs = [];
  for (let round = 0; round < Number(flags.rounds); round++) {
    const out = execFileSync(
      process.execPath,
      [
        "--expose-gc",
        self,
        "--child",
        "--tenants",
        String(tenants),
        ...(flags["heap-snapshot"] ? ["--heap-snapshot", flags["heap-snapshot"]] : []),
      ],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    runs.push(JSON.parse(out));
  }
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const ms = (n) => `${n.toFixed(2)} ms`;
  const pick = (key) => runs.map((r) => r[key]);
  console.log(`${tenants} tenants, ${runs.length} rounds, medians (min–max):`);
  console.log(
    `  instances open ${pick("open").join(", ")}; left after the idle stop ${pick("left").join(", ")}`,
  );
  console.log(
    `  live tenant (an open session): heap ${range(pick("liveBytes"), kib)}, RSS ${range(pick("liveRssBytes"), kib)}`,
  );
  console.log(`  idle tenant (stopped and forgotten): heap ${range(pick("idleBytes"), kib)}`);
  console.log(
    `  a tenant's first call ${range(pick("firstMs"), ms)}; a known tenant's call ${range(pick("knownMs"), ms)}`,
  );
}
