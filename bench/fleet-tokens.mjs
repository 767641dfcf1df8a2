// Benchmark (not a test): a fleet of worker processes sharing one OAuth grant through Redis.
//   node bench/fleet-tokens.mjs [--workers 8] [--minutes 5] [--token-ttl-ms 2000] [--every-ms 100]
// Starts its own redis-server (on PATH) on a free loopback port and the OAuth fixture (rotating
// refresh tokens that reject reuse), authorizes once, forks the workers (their only link is
// Redis), and prints: refreshes per token lifetime for the whole fleet, the lease wait p50/p99
// (from withLock's call to its function running), and Redis commands per tool call — amortized
// over the run (refresh coordination included) and between refreshes (the hot path; target 0).
// Needs a build first (`npx turbo run build`). Self-contained: workspaces are imported by name.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readLog, startHttpFixture, waitFor } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";
import { createClient } from "redis";

const SECRET = "bench-fleet-tokens-secret-32-bytes-long";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const config = (url) => ({ mcpServers: { o: { url, auth: { type: "oauth", clientId: "app" } } } });

if (process.argv[2] === "--worker") await worker(JSON.parse(process.argv[3]));
else await main();

/** One worker: calls every `everyMs` for `ms`; times each lease wait; prints one JSON line. */
async function worker({ redisUrl, keyPrefix, url, ms, everyMs }) {
  const stores = createRedisStores({ url: redisUrl, keyPrefix, secret: SECRET, onWarning: () => {} });
  const leaseWaitsMs = [];
  const store = stores.tokenStore;
  const timed = {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    withLock: (key, fn) => {
      const asked = performance.now();
      return store.withLock(key, () => {
        leaseWaitsMs.push(performance.now() - asked);
        return fn();
      });
    },
  };
  const source = await loadMcp(config(url), {
    tokenStore: timed,
    toolCache: false,
    refreshSkewMs: 500,
    onWarning: () => {},
  });
  const echo = source.tools.find((tool) => tool.rawName === "echo");
  let calls = 0;
  let failed = 0;
  for (const until = Date.now() + ms; echo && Date.now() < until; await sleep(everyMs)) {
    const result = await echo.execute({ text: "x" });
    calls++;
    if (result.isError) failed++;
  }
  await source.close();
  await stores.close();
  process.stdout.write(`${JSON.stringify({ calls, failed, leaseWaitsMs })}\n`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      workers: { type: "string", default: "8" },
      minutes: { type: "string", default: "5" },
      "token-ttl-ms": { type: "string", default: "2000" },
      "every-ms": { type: "string", default: "100" },
    },
  });
  const workers = Number(values.workers);
  const ms = Number(values.minutes) * 60_000;
  const ttlMs = Number(values["token-ttl-ms"]);
  const everyMs = Number(values["every-ms"]);
  const dir = mkdtempSync(join(tmpdir(), "toolnexus-bench-fleet-"));
  const redis = await startRedis(dir);
  const log = join(dir, "oauth.log");
  const fixture = await startHttpFixture("oauth", [
    "--log",
    log,
    "--client",
    "app",
    "--token-ttl-ms",
    String(ttlMs),
  ]);
  const observer = createClient({ url: redis.url });
  observer.on("error", () => {});
  try {
    await observer.connect();
    const keyPrefix = "bench:";
    await authorize(fixture.url, redis.url, keyPrefix);
    const before = await commandTotal(observer);
    const started = Date.now();
    const args = (i) => JSON.stringify({ redisUrl: redis.url, keyPrefix, url: fixture.url, ms, everyMs, i });
    const runs = await Promise.all(
      Array.from({ length: workers }, (_, i) => runWorker([process.argv[1], "--worker", args(i)])),
    );
    const elapsedMs = Date.now() - started;
    const commands = (await commandTotal(observer)) - before;
    const refreshEvents = readLog(log).filter((e) => e.event === "refresh");
    const refreshes = refreshEvents.filter((e) => e.outcome === "ok").length;
    const calls = runs.reduce((sum, r) => sum + r.calls, 0);
    const waits = runs.flatMap((r) => r.leaseWaitsMs).sort((a, b) => a - b);
    const lifetimes = elapsedMs / (ttlMs - 500); // a token is refreshed 500 ms before it expires
    const leases = waits.length;
    // Each lease costs at most SET NX + GET + EVAL (guarded SET) + EVAL (release), plus renewals and
    // retries while busy; commands beyond 6 per lease would be on the hot path.
    const row = (label, value) => console.log(`${label.padEnd(46)} ${value}`);
    row("workers × minutes", `${workers} × ${(elapsedMs / 60_000).toFixed(2)}`);
    row("tool calls (failed)", `${calls} (${runs.reduce((s, r) => s + r.failed, 0)})`);
    row("refreshes (bad: reused/revoked…)", `${refreshes} (${refreshEvents.length - refreshes})`);
    row("refreshes per token lifetime, fleet-wide", (refreshes / lifetimes).toFixed(2));
    row("leases taken (withLock calls)", String(leases));
    row("lease wait p50 / p99", `${pct(waits, 0.5).toFixed(1)} ms / ${pct(waits, 0.99).toFixed(1)} ms`);
    row("Redis commands (all)", String(commands));
    row("Redis commands per tool call (amortized)", (commands / calls).toFixed(4));
    row("Redis commands per lease", leases ? (commands / leases).toFixed(2) : "-");
  } finally {
    observer.destroy();
    await fixture.stop();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function pct(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;
}

async function commandTotal(client) {
  const info = String(await client.sendCommand(["INFO", "commandstats"]));
  let total = 0;
  for (const [, command, calls] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (command !== "info") total += Number(calls);
  return total;
}

async function authorize(url, redisUrl, keyPrefix) {
  const stores = createRedisStores({ url: redisUrl, keyPrefix, secret: SECRET, onWarning: () => {} });
  const source = await loadMcp(config(url), {
    tokenStore: stores.tokenStore,
    toolCache: false,
    onWarning: () => {},
  });
  const at = source.servers()[0]?.authorizationUrl;
  const response = await fetch(at, { redirect: "manual" });
  await source.authorize("o", new URL(response.headers.get("location")));
  await source.close();
  await stores.close();
}

function runWorker(args) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`worker exited ${code}`)),
    ),
  );
}

async function startRedis(dir) {
  const port = await new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
  ];
  const child = spawn("redis-server", args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  await waitFor(() => out.includes("Ready to accept connections"), {
    timeoutMs: 10_000,
    message: "redis-server",
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
