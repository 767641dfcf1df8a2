// Benchmark (not a test), issue #22: listing propagation across a fleet on Redis — from one worker's
// refresh (its own onToolsChange for a tool the server just added or removed) to every other
// worker's onToolsChange for it, p50/p99 in ms. Self-contained: starts its own redis-server on a free
// loopback port (persistence off) and forks N workers (one process each, linked only by Redis). One
// worker runs the `mcp-list-changed` fixture and adds/removes a tool in a loop; the others hold the
// same server lazy and unstarted (the bench checks they spawn nothing).
//   node bench/fleet-listings.mjs [--minutes 5] [--workers 8]      (after `npm run build`)
import { fork, spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { countEvents, makeTempDir, removeTempDir, stdioServer, waitFor } from "@toolnexus/fixtures";

const now = () => performance.timeOrigin + performance.now(); // comparable across processes

if (process.argv[2] === "--worker") await runWorker(JSON.parse(process.argv[3]));
else await runBench();

/** One worker: reports every tool change with its time; the leader also runs the changes it is told to. */
async function runWorker({ redisUrl, log }) {
  const { loadMcp } = await import("@toolnexus/mcp-core");
  const { createRedisStores } = await import("@toolnexus/store-redis");
  const stores = createRedisStores({
    url: redisUrl,
    secret: "bench-secret-of-at-least-32-bytes!!",
    onWarning: () => {},
  });
  const config = { mcpServers: { lc: { ...stdioServer("mcp-list-changed", ["--log", log]), lazy: true } } };
  const source = await loadMcp(config, { toolCache: stores.toolCache });
  await source.whenSettled();
  source.onToolsChange((_server, { added, removed }) => process.send({ at: now(), added, removed }));
  process.on("message", async ({ op, rawName, args }) => {
    if (op === "close") {
      await source.close();
      await stores.close();
      process.disconnect();
      return;
    }
    const tool = source.tools.find((t) => t.rawName === rawName);
    await tool?.execute(args);
  });
  process.send({ ready: true, tools: source.tools.length });
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts a TCP connection on 127.0.0.1:`port`. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function runBench() {
  const { values } = parseArgs({
    options: { minutes: { type: "string", default: "1" }, workers: { type: "string", default: "8" } },
  });
  const minutes = Number(values.minutes);
  const count = Number(values.workers);
  const dir = makeTempDir("toolnexus-fleet-bench-");
  const log = join(dir, "lc.log");
  const port = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: "ignore" },
  );
  const redisUrl = `redis://127.0.0.1:${port}`;
  const workers = [];
  try {
    await waitFor(() => accepts(port), { message: "redis-server to listen" });
    for (let i = 0; i < count; i++) {
      const child = fork(new URL(import.meta.url).pathname, ["--worker", JSON.stringify({ redisUrl, log })]);
      const changes = [];
      let ready = false;
      child.on("message", (m) => {
        if (m.ready) ready = true;
        else changes.push(m);
      });
      await waitFor(() => ready, { timeoutMs: 30_000, message: `worker ${i} ready` });
      workers.push({ child, changes });
    }
    const [leader, ...followers] = workers;
    leader.child.send({ op: "call", rawName: "echo", args: { text: "start" } }); // the leader starts the server
    await waitFor(() => countEvents(log, "start") === 2, { message: "the leader's start" });
    const samples = [];
    const deadline = Date.now() + minutes * 60_000;
    for (let round = 0; Date.now() < deadline; round++) {
      const name = `bench_${round}`;
      for (const [op, args, key] of [
        ["add_tool", { name }, "added"],
        ["remove_tool", { name }, "removed"],
      ]) {
        const final = `mcp__lc__${name}`;
        const seen = (w) => w.changes.find((c) => c[key].includes(final));
        leader.child.send({ op: "call", rawName: op, args });
        await waitFor(() => seen(leader) && followers.every(seen), {
          timeoutMs: 10_000,
          message: `${op} ${name} everywhere`,
        });
        const from = seen(leader).at;
        for (const follower of followers) samples.push(seen(follower).at - from);
        for (const w of workers) w.changes.length = 0;
      }
    }
    samples.sort((a, b) => a - b);
    const spawns = countEvents(log, "start");
    console.log(
      `workers ${count}, ${minutes} min, ${samples.length} deliveries (${samples.length / (count - 1)} listing changes)`,
    );
    console.log(
      `listing propagation p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms, max ${samples.at(-1).toFixed(1)} ms`,
    );
    console.log(
      `server spawns in the whole fleet: ${spawns} (1 discovery + the leader's start; followers spawned ${spawns - 2})`,
    );
  } finally {
    for (const { child } of workers) if (child.connected) child.send({ op: "close" });
    await Promise.all(
      workers.map(({ child }) =>
        child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null,
      ),
    );
    redis.kill("SIGTERM");
    removeTempDir(dir);
  }
}
