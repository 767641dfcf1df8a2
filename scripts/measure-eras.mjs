#!/usr/bin/env node
// Connect time per protocol era, and what the era probe costs on a cold vs a warm start.
// Usage (after `npm run build`): node scripts/measure-eras.mjs [runs=7]
// For each fixture (basic: 2025 era only; dual-era; modern: 2026 only) over stdio and HTTP, the
// median of `runs` of:
//   auto      loadMcp until the server runs and is listed, negotiating (one server/discover probe)
//   pinned    the same with `protocol` pinned to the era the server speaks (no probe)
//   restart   restart() of an auto server: the remembered verdict, so no probe
//   lazyWarm  a second load of a lazy server with a warm listing cache, then its first call
//             (the cached verdict: no probe); the fixture log's `discover` count is printed too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countEvents, fixturePath, startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { fileToolCache } from "@toolnexus/mcp-core/stores";

const runs = Number(process.argv[2] ?? 7);
const FIXTURES = [
  { name: "basic", pin: "2025-11-25" },
  { name: "dual-era", pin: "2026-07-28" },
  { name: "modern", pin: "2026-07-28" },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const quiet = { onWarning: () => {}, autoRestart: { enabled: false } };

async function timeLoad(entry, options = {}) {
  const start = process.hrtime.bigint();
  const source = await loadMcp({ mcpServers: { s: entry } }, { ...quiet, toolCache: null, ...options });
  const elapsed = ms(start);
  if (source.state("s") !== "running") throw new Error(`not running: ${source.servers()[0]?.lastError}`);
  return { source, elapsed };
}

async function measure(fixture, wire, dir) {
  const log = join(dir, `${fixture.name}-${wire}.log`);
  const http = wire === "http" ? await startHttpFixture(fixture.name, ["--log", log]) : undefined;
  const entry = http
    ? { url: http.url }
    : { command: process.execPath, args: [fixturePath(fixture.name), "--log", log] };
  const samples = { auto: [], pinned: [], restart: [], lazyWarm: [] };
  let warmDiscovers = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const auto = await timeLoad(entry);
      samples.auto.push(auto.elapsed);
      const start = process.hrtime.bigint();
      await auto.source.restart("s");
      samples.restart.push(ms(start));
      await auto.source.close();
      const pinned = await timeLoad({ ...entry, protocol: fixture.pin });
      samples.pinned.push(pinned.elapsed);
      await pinned.source.close();

      const cacheDir = mkdtempSync(join(tmpdir(), "eras-cache-"));
      const lazy = { ...entry, lazy: true };
      const first = await loadMcp(
        { mcpServers: { s: lazy } },
        { ...quiet, toolCache: fileToolCache(cacheDir) },
      );
      await first.whenSettled();
      await first.close();
      const before = countEvents(log, "discover");
      const warmStart = process.hrtime.bigint();
      const warm = await loadMcp(
        { mcpServers: { s: lazy } },
        { ...quiet, toolCache: fileToolCache(cacheDir) },
      );
      const echo = warm.tools.find((tool) => tool.rawName === "echo");
      const result = await echo?.execute({ text: "x" });
      samples.lazyWarm.push(ms(warmStart));
      if (result?.isError !== false) throw new Error("lazy call failed");
      warmDiscovers += countEvents(log, "discover") - before;
      await warm.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  } finally {
    await http?.stop();
  }
  const row = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v).toFixed(1)]));
  return { fixture: fixture.name, wire, ...row, warmDiscovers };
}

const dir = mkdtempSync(join(tmpdir(), "eras-"));
try {
  const rows = [];
  for (const fixture of FIXTURES)
    for (const wire of ["stdio", "http"]) rows.push(await measure(fixture, wire, dir));
  console.log(`median of ${runs} runs, ms (Node ${process.version})`);
  console.table(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
