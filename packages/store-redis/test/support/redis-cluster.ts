/**
 * A real Redis Cluster for the tests: `redis-server --cluster-enabled yes` on loopback ports in a
 * temp dir (persistence off), joined with `redis-cli --cluster create … --cluster-yes`. Masters
 * only for `npm test`; with `replicas: 1` a replica per master, so a killed master fails over.
 * @module
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { createClient } from "redis";
import {
  clusterNodeArgs,
  freePort,
  joinCluster,
  redisArgs,
  startRedisProcess,
  stopProcess,
} from "./redis-launcher.mjs";

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

/**
 * Starts `masters` × (1 + `replicas`) nodes and joins them into one cluster. A port `freePort` found
 * free can be taken before its node binds it (by another process's outgoing connection: the kernel
 * hands those out of the same range), so a node that could not bind makes the cluster start again
 * on new ports, twice at most.
 */
export async function startCluster(
  options: { masters?: number; replicas?: number } = {},
): Promise<TestCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startClusterOnce(options);
    } catch (error) {
      const taken = /Address already in use/.test(error instanceof Error ? error.message : String(error));
      if (!taken || attempt === 3) throw error;
    }
  }
}

async function startClusterOnce(options: { masters?: number; replicas?: number } = {}): Promise<TestCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicas ?? 0;
  const dir = makeTempDir("toolnexus-redis-cluster-");
  const ports: number[] = [];
  for (let i = 0; i < masters * (1 + replicas); i++) ports.push(await freePort());
  const nodes = new Map<string, ChildProcess>();
  const urls = ports.map((port) => `redis://127.0.0.1:${port}`);
  const close = async () => {
    await Promise.all([...nodes.values()].map((child) => stopProcess(child)));
    removeTempDir(dir);
  };
  try {
    const started = await Promise.all(
      ports.map((port) =>
        startRedisProcess(
          "redis-server",
          redisArgs(port, dir, clusterNodeArgs(port)),
          `cluster node ${port}`,
        ),
      ),
    );
    for (const [i, child] of started.entries()) nodes.set(urls[i] as string, child);
    await joinCluster(ports, replicas);
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
      if (child) await stopProcess(child, "SIGKILL");
    },
    close,
  };
}
