// Benchmarks (not tests): load time eager vs lazy with a warm listing cache, and call latency.
// Run with `npm run bench` (builds first). Prints one line per measurement.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixturePath, waitFor } from "@toolnexus/fixtures";
import { fileToolCache, loadMcp } from "@toolnexus/mcp-core";

const SERVERS = 6;
const cacheDir = join(tmpdir(), `toolnexus-bench-${process.pid}`);
const config = (lazy) => ({
  mcpServers: Object.fromEntries(
    Array.from({ length: SERVERS }, (_, i) => [
      `s${i}`,
      { command: process.execPath, args: [fixturePath("basic")], lazy },
    ]),
  ),
});

async function timeLoad(label, lazy) {
  const started = performance.now();
  const source = await loadMcp(config(lazy), { toolCache: fileToolCache(cacheDir) });
  const ms = performance.now() - started;
  console.log(`${label.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms  (${source.tools.length} tools)`);
  return source;
}

try {
  const eager = await timeLoad(`load ${SERVERS} eager stdio servers`, false);
  const echo = eager.tools.find((t) => t.rawName === "echo");
  const calls = 200;
  const started = performance.now();
  for (let i = 0; i < calls; i++) await echo.execute({ text: String(i) });
  console.log(
    `${"sequential echo call".padEnd(40)} ${((performance.now() - started) / calls).toFixed(2).padStart(6)} ms/call`,
  );
  await eager.close();

  // Fill the cache (background discovery), then measure a warm lazy load.
  const cold = await loadMcp(config(true), { toolCache: fileToolCache(cacheDir) });
  await waitFor(() => cold.tools.length === SERVERS * 8, {
    timeoutMs: 30_000,
    message: "background discovery",
  });
  await cold.close();
  const lazy = await timeLoad(`load ${SERVERS} lazy servers (warm cache)`, true);
  const first = performance.now();
  await lazy.tools.find((t) => t.rawName === "echo").execute({ text: "x" });
  console.log(
    `${"first call to a lazy server".padEnd(40)} ${(performance.now() - first).toFixed(0).padStart(6)} ms`,
  );
  await lazy.close();
  console.log(
    `${"heap used".padEnd(40)} ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1).padStart(6)} MiB`,
  );
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
}
