// Benchmark (not a test): a fleet of workers sharing one OAuth grant through Redis.
//   node bench/fleet-tokens.mjs [--workers 8] [--per-process 1] [--minutes 5] [--token-ttl-ms 2000]
//                               [--every-ms 100] [--skew-ms 500] [--queue]
// Starts its own redis-server (on PATH) on a free loopback port and the OAuth fixture (rotating
// refresh tokens that reject reuse), authorizes once, forks the worker processes (their only link
// is Redis; `--per-process N` runs N workers in each, every one with its own stores, connections
// and source), starts them together, and prints: refreshes and leases per token lifetime for the
// whole fleet, TOKEN_STORE_LOCK_TIMEOUT count, the wait of each refresh for its lease or for the
// write it adopted (from withLock's call to its function running, or to its return when it went
// on without it: `skipIfBusy`) p50/p99, split by what was waited for — taking the lease, adopting a
// write already made, or another's refresh until its write landed (seen by keyspace notifications
// on the value key) and from there to the wake-up — the worker processes' event-loop delay, and Redis commands —
// per tool call amortized, and between refreshes (INFO commandstats sampled every 25 ms, summed
// over the samples during which no worker was inside withLock, by command; target 0 but for the
// GETs of followers reading an announced write just after the refresher's withLock returned).
// `--queue` forces the earlier behaviour: withLock is called without the core's `stillNeeded`, so
// every due worker queues for the lease in turn (for comparison; the store keeps that path for
// cores that do not pass it). Leases are counted by Redis keyspace notifications on the lease key.
// Needs a build first (`npx turbo run build`). Self-contained: workspaces are imported by name.
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { readLog, startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { createRedisStores } from "@toolnexus/store-redis";
import { createClient } from "redis";
import { startRedisServer } from "../packages/store-redis/test/support/redis-launcher.mjs";

const SECRET = "bench-fleet-tokens-secret-32-bytes-long";
let SKEW_MS = 500;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock ms with sub-ms precision, comparable across the bench's processes (one machine). */
const wallMs = () => performance.timeOrigin + performance.now();
/** The withLock call a store write belongs to: a write inside `fn` marks its caller as the refresher. */
const inLock = new AsyncLocalStorage();
const config = (url) => ({ mcpServers: { o: { url, auth: { type: "oauth", clientId: "app" } } } });

if (process.argv[2] === "--worker") await workerProcess(JSON.parse(process.argv[3]));
else await main();

/**
 * One process of `count` workers: loads them, says `ready`, waits for `go`, calls every `everyMs`
 * for `ms`, prints one JSON line: calls, failures, lock timeouts, waits, withLock intervals.
 */
async function workerProcess({ redisUrl, keyPrefix, url, ms, everyMs, count, queue, skewMs }) {
  SKEW_MS = skewMs;
  const result = { calls: 0, failed: 0, codes: {}, lockTimeouts: 0, waitsMs: [], locks: [], lockTimes: [] };
  // The process's event-loop stalls (16 workers share one loop): a waiter woken late by its loop.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const workers = await Promise.all(
    Array.from({ length: count }, () => loadWorker({ redisUrl, keyPrefix, url, queue, result })),
  );
  process.stdout.write("ready\n");
  await new Promise((resolve) => createInterface({ input: process.stdin }).once("line", resolve));
  loopDelay.enable();
  const until = Date.now() + ms;
  await Promise.all(
    workers.map(async ({ echo }, i) => {
      await sleep((everyMs * i) / count); // spread over the interval, as independent workers would be
      for (; echo && Date.now() < until; await sleep(everyMs)) {
        const called = await echo.execute({ text: "x" });
        result.calls++;
        if (called.isError) {
          result.failed++;
          const code = called.error?.code ?? "unknown";
          result.codes[code] = (result.codes[code] ?? 0) + 1;
        }
      }
    }),
  );
  loopDelay.disable();
  result.loopDelayMs = {
    p50: loopDelay.percentile(50) / 1e6,
    p99: loopDelay.percentile(99) / 1e6,
    max: loopDelay.max / 1e6,
  };
  for (const { source, stores } of workers) {
    await source.close();
    await stores.close();
  }
  // Exit once the report is written: a long run's report is larger than the pipe holds, and an
  // exit before the write completes cuts it.
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}

async function loadWorker({ redisUrl, keyPrefix, url, queue, result }) {
  const stores = createRedisStores({ url: redisUrl, keyPrefix, secret: SECRET, onWarning: () => {} });
  const store = stores.tokenStore;
  const timed = {
    get: (key) => store.get(key),
    set: (key, value) => {
      const record = inLock.getStore();
      if (record) record.wrote = true;
      return store.set(key, value);
    },
    delete: (key) => store.delete(key),
    withLock: async (key, fn, options) => {
      const asked = Date.now();
      const askedAt = performance.now();
      const record = { askedAt: wallMs(), ranAt: 0, wentOnAt: 0, wrote: false };
      const run = () => {
        record.ranAt = wallMs();
        result.waitsMs.push([Date.now(), performance.now() - askedAt]);
        return fn();
      };
      try {
        const value = await inLock.run(record, () =>
          queue ? store.withLock(key, run) : store.withLock(key, run, options),
        );
        // Resolved without running fn (`skipIfBusy`: another's refresh in flight, the held token
        // still good): the call went on; its wait is until withLock returned.
        if (!record.ranAt) {
          record.wentOnAt = wallMs();
          result.waitsMs.push([Date.now(), performance.now() - askedAt]);
        }
        return value;
      } catch (error) {
        if (error?.code === "TOKEN_STORE_LOCK_TIMEOUT") result.lockTimeouts++;
        throw error;
      } finally {
        result.locks.push([asked, Date.now()]);
        // [asked, fn ran (0: never), this call wrote the entry (it refreshed), went on without
        // fn (0: did not)], wall ms.
        result.lockTimes.push([record.askedAt, record.ranAt, record.wrote ? 1 : 0, record.wentOnAt]);
      }
    },
  };
  const source = await loadMcp(config(url), {
    tokenStore: timed,
    toolCache: null,
    refreshSkewMs: SKEW_MS,
    onWarning: () => {},
  });
  return { source, stores, echo: source.tools.find((tool) => tool.rawName === "echo") };
}

async function main() {
  const { values } = parseArgs({
    options: {
      workers: { type: "string", default: "8" },
      "per-process": { type: "string", default: "1" },
      minutes: { type: "string", default: "5" },
      "token-ttl-ms": { type: "string", default: "2000" },
      "every-ms": { type: "string", default: "100" },
      "skew-ms": { type: "string", default: "500" },
      queue: { type: "boolean", default: false },
    },
  });
  SKEW_MS = Number(values["skew-ms"]);
  const workers = Number(values.workers);
  const perProcess = Number(values["per-process"]);
  const ms = Number(values.minutes) * 60_000;
  const ttlMs = Number(values["token-ttl-ms"]);
  const everyMs = Number(values["every-ms"]);
  const dir = mkdtempSync(join(tmpdir(), "toolnexus-bench-fleet-"));
  const redis = await startRedisServer(dir);
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
  const listener = observer.duplicate();
  listener.on("error", () => {});
  try {
    await observer.connect();
    await listener.connect();
    const keyPrefix = "bench:";
    await authorize(fixture.url, redis.url, keyPrefix);
    await observer.sendCommand(["CONFIG", "SET", "notify-keyspace-events", "K$g"]);
    const leaseTimes = [];
    const holdsMs = [];
    const writeTimes = [];
    await listener.pSubscribe(`__keyspace@0__:${keyPrefix}*:lease`, (event) => {
      if (event === "set") leaseTimes.push(Date.now());
      if (event === "del" && leaseTimes.length) holdsMs.push(Date.now() - (leaseTimes.at(-1) ?? 0));
    });
    // When each refreshed entry landed in Redis (as this idle process heard it): splits a wait.
    await listener.pSubscribe(`__keyspace@0__:${keyPrefix}*:value`, (event) => {
      if (event === "set") writeTimes.push(wallMs());
    });
    const processes = [];
    for (let left = workers; left > 0; left -= perProcess) {
      const count = Math.min(perProcess, left);
      const args = {
        skewMs: SKEW_MS,
        redisUrl: redis.url,
        keyPrefix,
        url: fixture.url,
        ms,
        everyMs,
        count,
        queue: values.queue,
      };
      // One process loads at a time: all loading at once on a small machine starves the fixture,
      // and 2-s tokens expire mid-load — which would measure the machine, not the store.
      const started = startWorkerProcess([process.argv[1], "--worker", JSON.stringify(args)]);
      processes.push(started);
      await started.ready;
    }
    const refreshedBefore = readLog(log).filter((e) => e.event === "refresh").length;
    const samples = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const counts = await commandCounts(observer);
        let total = 0;
        for (const n of counts.values()) total += n;
        samples.push([Date.now(), total, counts]);
        await sleep(25);
      }
    })();
    const started = Date.now();
    const leasesBefore = leaseTimes.length;
    for (const p of processes) p.go();
    const runs = await Promise.all(processes.map((p) => p.done));
    const elapsedMs = Date.now() - started;
    sampling = false;
    await sampler;
    const refreshEvents = readLog(log)
      .filter((e) => e.event === "refresh")
      .slice(refreshedBefore);
    const refreshes = refreshEvents.filter((e) => e.outcome === "ok").length;
    const calls = runs.reduce((sum, r) => sum + r.calls, 0);
    const timedWaits = runs.flatMap((r) => r.waitsMs);
    const waits = timedWaits.map(([, ms]) => ms).sort((a, b) => a - b);
    // After the first 5 s: each worker's first refresh also discovers the authorization server.
    const steady = timedWaits
      .filter(([at]) => at > started + 5_000)
      .map(([, ms]) => ms)
      .sort((a, b) => a - b);
    const locks = runs.flatMap((r) => r.locks);
    const wentOn = runs.flatMap((r) => r.lockTimes).filter(([, , , went]) => went).length;
    const leases = leaseTimes.length - leasesBefore;
    const lifetimes = elapsedMs / (ttlMs - SKEW_MS);
    const first = samples[0]?.[1] ?? 0;
    const last = samples.at(-1)?.[1] ?? 0;
    const quiet = quietCommands(samples, locks);
    const row = (label, value) => console.log(`${label.padEnd(48)} ${value}`);
    row("mode", values.queue ? "lease queue (--queue)" : "adoption");
    row(
      "workers (processes) × minutes",
      `${workers} (${processes.length}) × ${(elapsedMs / 60_000).toFixed(2)}`,
    );
    const codes = {};
    for (const r of runs)
      for (const [code, n] of Object.entries(r.codes)) codes[code] = (codes[code] ?? 0) + n;
    row(
      "tool calls (failed)",
      `${calls} (${runs.reduce((s, r) => s + r.failed, 0)}) ${JSON.stringify(codes)}`,
    );
    row("refreshes (bad: reused/revoked…)", `${refreshes} (${refreshEvents.length - refreshes})`);
    row("refreshes per token lifetime, fleet-wide", (refreshes / lifetimes).toFixed(2));
    row("leases taken (per lifetime)", `${leases} (${(leases / lifetimes).toFixed(2)})`);
    row(
      "withLock calls (adopted, no lease; went on)",
      values.queue
        ? String(locks.length)
        : `${locks.length} (${Math.max(0, waits.length - wentOn - leases)}; went on without it: ${wentOn})`,
    );
    row("TOKEN_STORE_LOCK_TIMEOUT", String(runs.reduce((s, r) => s + r.lockTimeouts, 0)));
    row(
      "lease, adoption (or went-on) wait p50 / p99 / max",
      `${pct(waits, 0.5).toFixed(1)} ms / ${pct(waits, 0.99).toFixed(1)} ms / ${(waits.at(-1) ?? 0).toFixed(1)} ms`,
    );
    row(
      "  the same after the first 5 s",
      `${pct(steady, 0.5).toFixed(1)} ms / ${pct(steady, 0.99).toFixed(1)} ms / ${(steady.at(-1) ?? 0).toFixed(1)} ms`,
    );
    const holds = holdsMs.sort((a, b) => a - b);
    row(
      "lease held p50 / p99 (SET to DEL, as Redis saw it)",
      `${pct(holds, 0.5)} ms / ${pct(holds, 0.99)} ms`,
    );
    for (const line of waitSplit(
      runs.flatMap((r) => r.lockTimes),
      writeTimes,
      started,
    ))
      row(line[0], line[1]);
    const loops = runs.map((r) => r.loopDelayMs);
    row(
      "event-loop delay per process p99 / max",
      `${Math.max(...loops.map((l) => l.p99)).toFixed(1)} ms / ${Math.max(...loops.map((l) => l.max)).toFixed(1)} ms (worst process)`,
    );
    row("Redis commands (all, during the run)", String(last - first));
    row("Redis commands per tool call (amortized)", ((last - first) / calls).toFixed(4));
    row("Redis commands per refresh", refreshes ? ((last - first) / refreshes).toFixed(1) : "-");
    row(
      "Redis commands between refreshes",
      `${quiet.commands} over ${(quiet.ms / 1000).toFixed(1)} s with no withLock running${quiet.commands ? ` ${JSON.stringify(quiet.byCommand)}` : ""}`,
    );
  } finally {
    observer.destroy();
    listener.destroy();
    await fixture.stop();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Commands counted between samples during which no worker was inside withLock (±5 ms), in all and
 * by command (a follower's read of an announced write, a GET, can land just after the refresher's
 * withLock has returned).
 */
function quietCommands(samples, locks) {
  const busy = locks.map(([from, to]) => [from - 5, to + 5]).sort((a, b) => a[0] - b[0]);
  let commands = 0;
  let ms = 0;
  let next = 0;
  const byCommand = {};
  for (let i = 1; i < samples.length; i++) {
    const [from, before, countsBefore] = samples[i - 1];
    const [to, after, countsAfter] = samples[i];
    while (next < busy.length && busy[next][1] < from) next++;
    const overlaps = busy.slice(next).some(([start, end]) => start <= to && end >= from);
    if (overlaps) continue;
    for (const [command, n] of countsAfter) {
      const added = n - (countsBefore.get(command) ?? 0);
      if (added > 0) byCommand[command] = (byCommand[command] ?? 0) + added;
    }
    commands += after - before;
    ms += to - from;
  }
  return { commands, ms, byCommand };
}

/**
 * The waits split by what they waited for, after the first 5 s: the refresher's own take of the
 * lease, an adoption of an entry already written, and a wait across another worker's refresh —
 * the part before its write landed in Redis (the refresh's round trip) and the part after (the
 * wake-up: message or poll, the event loop, the read that adopts).
 */
function waitSplit(lockTimes, writeTimes, started) {
  const writes = [...writeTimes].sort((a, b) => a - b);
  const lastWriteBefore = (t) => {
    let lo = 0;
    let hi = writes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (writes[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? writes[lo - 1] : undefined;
  };
  const took = [];
  const adopted = [];
  const wentOn = [];
  const across = { whole: [], before: [], after: [] };
  for (const [asked, ran, wrote, went] of lockTimes) {
    if (asked < started + 5_000) continue;
    if (went) wentOn.push(went - asked);
    if (!ran) continue;
    const wait = ran - asked;
    if (wrote) {
      took.push(wait);
      continue;
    }
    const write = lastWriteBefore(ran);
    if (write !== undefined && write > asked) {
      across.whole.push(wait);
      across.before.push(write - asked);
      across.after.push(ran - write);
    } else adopted.push(wait);
  }
  const fmt = (values) => {
    const sorted = values.sort((a, b) => a - b);
    return `${sorted.length}: ${pct(sorted, 0.5).toFixed(1)} / ${pct(sorted, 0.99).toFixed(1)} / ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
  };
  return [
    ["wait split after 5 s (n: p50 / p99 / max)", ""],
    ["  took the lease and refreshed", fmt(took)],
    ["  adopted a write already made", fmt(adopted)],
    ["  went on with its token (another's refresh)", fmt(wentOn)],
    ["  waited across another's refresh", fmt(across.whole)],
    ["    of which until its write landed", fmt(across.before)],
    ["    of which from the write to fn (wake-up)", fmt(across.after)],
  ];
}

function pct(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;
}

/** Commands Redis has run so far, by command, INFO itself left out. */
async function commandCounts(client) {
  const info = String(await client.sendCommand(["INFO", "commandstats"]));
  const counts = new Map();
  for (const [, command, calls] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (command !== "info") counts.set(command, Number(calls));
  return counts;
}

async function authorize(url, redisUrl, keyPrefix) {
  const stores = createRedisStores({ url: redisUrl, keyPrefix, secret: SECRET, onWarning: () => {} });
  const source = await loadMcp(config(url), {
    tokenStore: stores.tokenStore,
    toolCache: null,
    refreshSkewMs: SKEW_MS,
    onWarning: () => {},
  });
  const at = source.servers()[0]?.authorizationUrl;
  const response = await fetch(at, { redirect: "manual" });
  await source.authorize("o", new URL(response.headers.get("location")));
  await source.close();
  await stores.close();
}

/** Forks one worker process: `ready` resolves at its `ready` line, `go()` starts it, `done` is its result. */
function startWorkerProcess(args) {
  const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  let readyNow = () => {};
  const ready = new Promise((resolve) => {
    readyNow = resolve;
  });
  child.stdout.on("data", (chunk) => {
    out += chunk;
    if (out.includes("ready\n")) readyNow();
  });
  // "close", not "exit": a worker's report is hundreds of KB after a long run, and "exit" can come
  // before the last of its stdout has been read (the worker exits once it is written).
  const done = new Promise((resolve, reject) =>
    child.once("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)))
        : reject(new Error(`worker exited ${code}`)),
    ),
  );
  return { ready, done, go: () => child.stdin.write("go\n") };
}
