// Benchmark (not a test), issue #33: listing propagation through the Redis stores on one Redis and
// on a 3-master Redis Cluster (sharded pub/sub), side by side — from a writer's `toolCache.set` to a
// reader's listener call, p50/p99 in ms, writer and reader each with their own stores (their own
// connections) in this process. Self-contained: starts a redis-server and a cluster (redis-server
// --cluster-enabled on three loopback ports, joined with redis-cli --cluster create), persistence off.
//   node bench/cluster-listings.mjs [--changes 1000] [--listings 16]      (after `npm run build`)
import { parseArgs } from "node:util";
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { createRedisStores } from "@toolnexus/store-redis";
import {
  clusterNodeArgs,
  joinCluster,
  startRedisServer,
  stopProcess,
} from "../packages/store-redis/test/support/redis-launcher.mjs";

const { values } = parseArgs({
  options: { changes: { type: "string", default: "1000" }, listings: { type: "string", default: "16" } },
});
const changes = Number(values.changes);
const listings = Number(values.listings);
const SECRET = "bench-secret-of-at-least-32-bytes!!";

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `changes` listing writes spread over `listings` fingerprints; the delays writer → reader. */
async function measure(target) {
  const open = () =>
    createRedisStores({ ...target, keyPrefix: "bench:", secret: SECRET, onWarning: () => {} });
  const [writer, reader] = [open(), open()];
  const fingerprints = Array.from({ length: listings }, (_, i) => String(i).padStart(64, "0"));
  for (const fingerprint of fingerprints) await reader.toolCache.get(fingerprint);
  const sentAt = new Map();
  const delays = [];
  reader.toolCache.subscribe((_fingerprint, entry) => {
    const at = sentAt.get(entry.tools[0]?.name);
    if (at !== undefined) delays.push(performance.now() - at);
  });
  const entry = (fingerprint, name) => ({
    version: 1,
    server: "bench",
    fingerprint,
    savedAt: new Date().toISOString(),
    tools: [{ name, inputSchema: { type: "object" } }],
  });
  // Warm up until every listing's channel delivers (the subscriptions connect in the background).
  for (const fingerprint of fingerprints) {
    await waitFor(
      async () => {
        const name = `warm-${fingerprint}-${performance.now()}`;
        sentAt.set(name, performance.now());
        const before = delays.length;
        await writer.toolCache.set(fingerprint, entry(fingerprint, name));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return delays.length > before;
      },
      { message: "a warm-up push" },
    );
  }
  delays.length = 0;
  for (let i = 0; i < changes; i++) {
    const name = `c${i}`;
    const fingerprint = fingerprints[i % fingerprints.length];
    sentAt.set(name, performance.now());
    await writer.toolCache.set(fingerprint, entry(fingerprint, name));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await waitFor(() => delays.length >= changes, { timeoutMs: 10_000, message: "every push" }).catch(() => {});
  await Promise.all([writer.close(), reader.close()]);
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    delivered: delays.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}

const dir = makeTempDir("toolnexus-bench-cluster-");
const children = [];
try {
  const single = await startRedisServer(dir);
  children.push(single.child);
  const nodes = [];
  for (let i = 0; i < 3; i++) nodes.push(await startRedisServer(dir, clusterNodeArgs));
  children.push(...nodes.map((node) => node.child));
  await joinCluster(nodes.map((node) => node.port));
  const rows = [
    ["one Redis (PUBLISH)", await measure({ url: single.url })],
    ["3-master cluster (SPUBLISH)", await measure({ cluster: { rootNodes: [nodes[0].url] } })],
  ];
  const ms = (n) => (n === undefined ? "—" : `${n.toFixed(1)} ms`);
  console.log(`${changes} listing changes over ${listings} listings, writer → reader:`);
  for (const [name, r] of rows)
    console.log(
      `${name.padEnd(28)} delivered ${r.delivered}  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}`,
    );
} finally {
  await Promise.all(children.map((child) => stopProcess(child)));
  removeTempDir(dir);
}
