/**
 * A real Redis Cluster for the tests: `redis-server --cluster-enabled yes` on loopback ports in a
 * temp dir (persistence off), joined with `redis-cli --cluster create … --cluster-yes`. Masters
 * only for `npm test`; with `replicas: 1` a replica per master, so a killed master fails over.
 * @module
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { createClient } from "redis";
import { freePort } from "./redis-server.js";

const START_BOUND_MS = 10_000;
const STOP_BOUND_MS = 3_000;

/** A running cluster: its node URLs, and a way to kill one node the way a crash would. */
export interface TestCluster {
  /** Every node's URL, masters first (as created). */
  readonly urls: string[];
  /** The URLs of the nodes that are masters now (asked of a live node). */
  masters(): Promise<string[]>;
  /** The URL of the master that serves `key`'s slot now. */
  ownerOf(key: string): Promise<string>;
  /** The keys matching `pattern` on every live master. */
  keys(pattern: string): Promise<string[]>;
  /** Kills the node at `url` with SIGKILL (a crash: no goodbye to the cluster). */
  kill(url: string): Promise<void>;
  /** Stops every node and removes the temp dir. */
  close(): Promise<void>;
}

/** Whether this machine can run a local cluster (`redis-server` and `redis-cli` on PATH). */
export function canRunCluster(): boolean {
  const missing = ["redis-server", "redis-cli"].filter(
    (bin) => spawnSync(bin, ["--version"], { stdio: "ignore" }).status !== 0,
  );
  if (missing.length === 0) return true;
  // CI (TOOLNEXUS_REQUIRE_REDIS=1) may never skip the Redis suite: a missing binary fails it there.
  if (process.env.TOOLNEXUS_REQUIRE_REDIS === "1")
    throw new Error(`TOOLNEXUS_REQUIRE_REDIS=1 but ${missing.join(", ")} is not on PATH`);
  console.log(`@toolnexus/store-redis: skipped a suite that needs ${missing.join(", ")} (not on PATH)`);
  return false;
}

async function startNode(dir: string, port: number): Promise<ChildProcess> {
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--cluster-enabled",
    "yes",
    "--cluster-config-file",
    `nodes-${port}.conf`,
    // Fail over fast: a killed master is noticed after this bound (ms).
    "--cluster-node-timeout",
    "1000",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
  ];
  const child = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await waitFor(() => output.includes("Ready to accept connections") || child.exitCode !== null, {
    timeoutMs: START_BOUND_MS,
    message: `a cluster node to start on port ${port}`,
  });
  if (child.exitCode !== null) throw new Error(`redis-server exited: ${output.slice(-500)}`);
  return child;
}

async function stopNode(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const killer = setTimeout(() => child.kill("SIGKILL"), STOP_BOUND_MS);
  await exited;
  clearTimeout(killer);
}

/** The `CLUSTER INFO` state a node reports (`ok` once every slot is served). */
async function clusterState(url: string): Promise<string> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on("error", () => {});
  try {
    await client.connect();
    const info = String(await client.sendCommand(["CLUSTER", "INFO"]));
    return /cluster_state:(\w+)/.exec(info)?.[1] ?? "unknown";
  } catch {
    return "down";
  } finally {
    client.destroy();
  }
}

/** Starts `masters` × (1 + `replicas`) nodes and joins them into one cluster. */
export async function startCluster(
  options: { masters?: number; replicas?: number } = {},
): Promise<TestCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicas ?? 0;
  const dir = makeTempDir("toolnexus-redis-cluster-");
  const ports: number[] = [];
  for (let i = 0; i < masters * (1 + replicas); i++) ports.push(await freePort());
  const nodes = new Map<string, ChildProcess>();
  const urls = ports.map((port) => `redis://127.0.0.1:${port}`);
  const close = async () => {
    await Promise.all([...nodes.values()].map((child) => stopNode(child)));
    removeTempDir(dir);
  };
  try {
    const started = await Promise.all(ports.map((port) => startNode(dir, port)));
    for (const [i, child] of started.entries()) nodes.set(urls[i] as string, child);
    const create = spawnSync(
      "redis-cli",
      [
        "--cluster",
        "create",
        ...ports.map((port) => `127.0.0.1:${port}`),
        "--cluster-replicas",
        String(replicas),
        "--cluster-yes",
      ],
      { encoding: "utf8", timeout: 30_000 },
    );
    if (create.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
    // Every node must agree the cluster is up before a client discovers it.
    await waitFor(async () => (await Promise.all(urls.map(clusterState))).every((state) => state === "ok"), {
      timeoutMs: 20_000,
      message: "the cluster to report cluster_state:ok on every node",
    });
  } catch (error) {
    await close();
    throw error;
  }
  /** Runs `fn` on a client of a live node. */
  async function onLiveNode<T>(
    fn: (client: { sendCommand(args: string[]): Promise<unknown> }) => Promise<T>,
  ): Promise<T> {
    for (const [url, child] of nodes) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const client = createClient({ url });
      client.on("error", () => {});
      try {
        await client.connect();
        return await fn(client);
      } finally {
        client.destroy();
      }
    }
    throw new Error("no live node in the cluster");
  }
  const liveMasters = () =>
    onLiveNode(async (client) =>
      String(await client.sendCommand(["CLUSTER", "NODES"]))
        .trim()
        .split("\n")
        .filter((line) => {
          const flags = (line.split(" ")[2] ?? "").split(",");
          return flags.includes("master") && !flags.includes("fail");
        })
        .map((line) => `redis://${line.split(" ")[1]?.split("@")[0]}`),
    );
  return {
    urls,
    masters: liveMasters,
    ownerOf: (key) =>
      onLiveNode(async (client) => {
        const slot = Number(await client.sendCommand(["CLUSTER", "KEYSLOT", key]));
        const ranges = (await client.sendCommand(["CLUSTER", "SLOTS"])) as Array<
          [number, number, [string, number]]
        >;
        const range = ranges.find(([from, to]) => from <= slot && slot <= to);
        if (!range) throw new Error(`no master serves slot ${slot}`);
        return `redis://${range[2][0]}:${range[2][1]}`;
      }),
    keys: async (pattern) => {
      const found: string[] = [];
      for (const url of await liveMasters()) {
        const client = createClient({ url });
        client.on("error", () => {});
        await client.connect();
        found.push(...(await client.keys(pattern)));
        client.destroy();
      }
      return found;
    },
    kill: async (url) => {
      const child = nodes.get(url);
      if (child) await stopNode(child, "SIGKILL");
    },
    close,
  };
}
