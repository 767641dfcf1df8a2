// Soak run with chaos (`npm run soak -- --minutes 30 --out soak/results-30min.json`): one loadMcp
// source over six fixture servers of both protocol eras (stdio and HTTP, some lazy, auto-restart on),
// random calls with deadlines while a chaos loop kills, stalls and restarts servers and changes their
// tool lists. Prints the report JSON (and writes it with --out); exits 1 when an invariant fails.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { fileToolCache } from "@toolnexus/mcp-core/stores";
import { newCallStats, startCallLoop } from "./call-loop.mjs";
import { newChaosStats, startChaosLoop } from "./chaos-loop.mjs";
import {
  failedInvariants,
  memoryReport,
  memorySample,
  pidRegistry,
  watchProcessFailures,
} from "./report.mjs";
import { AUTO_RESTART, CALL_TIMEOUT_MS, startServers, stopServers } from "./servers.mjs";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "2" },
    out: { type: "string" },
    concurrency: { type: "string", default: "4" },
  },
});
const minutes = Number(values.minutes);
const concurrency = Number(values.concurrency);
if (!(minutes > 0) || !(Number.isInteger(concurrency) && concurrency > 0)) {
  console.error(
    "usage: node soak/run.mjs [--minutes N (> 0, fractions allowed)] [--out file.json] [--concurrency N]",
  );
  process.exit(2);
}
const durationMs = minutes * 60_000;
// Memory is measured from the end of the warm-up (servers spawned, caches and JIT warm) to the end.
const warmUpMs = Math.min(30_000, durationMs * 0.2);
const SAMPLE_EVERY_MS = 30_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = performance.now();
/** Progress on stderr, so a run that stalls shows in which phase. */
const phase = (what) => console.error(`soak ${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}`);
const watch = watchProcessFailures();
const pids = pidRegistry();
const cacheDir = makeTempDir("toolnexus-soak-");
const startedAt = new Date();
const calls = newCallStats();
const chaos = newChaosStats();
/** State changes by reason (`crash`, `restart`, `session-lost`, `gave-up`…). */
const stateChanges = {};
/** Warnings by text (digits folded, so ports and counters group), at most 30 distinct. */
const warnings = {};
function noteWarning(message) {
  const key = message.replace(/\d+/g, "N").slice(0, 200);
  if (key in warnings || Object.keys(warnings).length < 30) warnings[key] = (warnings[key] ?? 0) + 1;
}
/** Failed starts per server, grouped by error (digits folded), to explain `start-failed` counts. */
const startFailures = {};

const { servers, config } = await startServers();
phase("HTTP servers started");
for (const s of Object.values(servers)) if (s.http) pids.add(s.http.pid);

/** Assigned once the load resolves; the load's own state changes arrive before. */
let source;
source = await loadMcp(config, {
  autoRestart: AUTO_RESTART,
  toolCache: fileToolCache(cacheDir),
  onWarning: noteWarning,
  onStateChange(server, state, info) {
    const reason = info.reason ?? "none";
    stateChanges[reason] = (stateChanges[reason] ?? 0) + 1;
    if (reason === "start-failed") {
      startFailures[server] ??= {};
      const why = `${info.error?.code ?? "?"}: ${String(info.error?.message).replace(/\d+/g, "N").slice(0, 160)}`;
      startFailures[server][why] = (startFailures[server][why] ?? 0) + 1;
    }
    if (state === "running" && source) pids.addFrom(source);
  },
});
phase("loaded");
// Samples pids between state changes too, so a child killed soon after it started is still seen.
const pidTimer = setInterval(() => pids.addFrom(source), 250);

const callLoop = startCallLoop(source, {
  concurrency,
  timeoutMs: CALL_TIMEOUT_MS,
  pauseMs: 10,
  stats: calls,
});
const chaosLoop = startChaosLoop(source, servers, {
  intervalMs: [2000, 4000],
  stallMs: [1000, 8000],
  stats: chaos,
  onPid: (pid) => pids.add(pid),
});

await sleep(warmUpMs);
const memoryStart = memorySample();
const samples = [memoryStart];
const runStarted = performance.now();
while (performance.now() - runStarted < durationMs - warmUpMs) {
  await sleep(Math.min(SAMPLE_EVERY_MS, durationMs - warmUpMs - (performance.now() - runStarted)));
  samples.push(memorySample());
}
phase("stopping the loops");
await chaosLoop.stop();
await callLoop.stop();
phase("loops stopped");
const memoryEnd = memorySample();
clearInterval(pidTimer);
pids.addFrom(source);
const serversAtEnd = source.servers().map((s) => ({ name: s.name, state: s.state, restarts: s.restarts }));

let closeError;
try {
  await source.close();
} catch (error) {
  closeError = String(error);
}
phase("source closed");
await stopServers(servers);
const survivors = pids.survivors();
// What still keeps the event loop alive once everything is closed (the soak's own stdio aside).
const activeHandles = () => process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap");
const handlesAfterClose = activeHandles();
// A child that has exited may still hold its handle until Node processes the exit: look again.
await sleep(1000);
const handlesOneSecondLater = activeHandles();
watch.stop();
removeTempDir(cacheDir);

const report = {
  startedAt: startedAt.toISOString(),
  minutes,
  durationMs: Math.round(Date.now() - startedAt.getTime()),
  node: process.version,
  servers: Object.values(servers).map(({ name, transport, fixture, lazy, era }) => ({
    name,
    transport,
    fixture,
    lazy,
    era,
  })),
  callTimeoutMs: CALL_TIMEOUT_MS,
  concurrency,
  calls,
  chaos,
  stateChanges,
  startFailures,
  warnings,
  serversAtEnd,
  process: watch.failures,
  pidsSeen: pids.all().length,
  survivors,
  closeError,
  handlesAfterClose,
  handlesOneSecondLater,
  memory: memoryReport(memoryStart, memoryEnd, samples),
};
report.failedInvariants = failedInvariants(report);
const json = JSON.stringify(report, null, 2);
if (values.out) writeFileSync(values.out, `${json}\n`);
console.log(json);
process.exitCode = report.failedInvariants.length === 0 ? 0 : 1;
// A process that does not end by itself still holds a timer or socket: say which, and end it.
setTimeout(() => {
  console.error(`soak: still running 10 s after the report: ${process.getActiveResourcesInfo().join(", ")}`);
  process.exit(1);
}, 10_000).unref();
