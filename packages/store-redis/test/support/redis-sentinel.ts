/**
 * A real Redis Sentinel setup for the tests: a primary and a replica (`redis-server
 * --replicaof`) on loopback ports, persistence off, and one `redis-sentinel` monitoring them with
 * quorum 1 and a 1-second down-after bound, so a killed primary is replaced within a few seconds.
 * @module
 */
import { type ChildProcess, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, removeTempDir, waitFor } from "@toolnexus/fixtures";
import { createClient } from "redis";
import { freePort, redisArgs, startRedisProcess, stopProcess } from "./redis-launcher.mjs";

/** The name the sentinel monitors the primary under. */
export const SENTINEL_NAME = "toolnexus-primary";

export interface TestSentinel {
  /** The sentinel's address, for `sentinelRootNodes`. */
  readonly sentinel: { host: string; port: number };
  /** The data nodes' URLs: the first primary, then the replica. */
  readonly urls: string[];
  /** The URL of the primary the sentinel names now. */
  primary(): Promise<string>;
  /** Waits until the replica has everything the first primary has (replication is asynchronous). */
  replicated(): Promise<void>;
  /** Kills the data node at `url` with SIGKILL (a crash). */
  kill(url: string): Promise<void>;
  /** Pauses (SIGSTOP) or resumes (SIGCONT) the data node at `url`: a replica that lags. */
  pause(url: string): void;
  resume(url: string): void;
  /**
   * Starts the killed data node at `url` again, as a replica of the primary the sentinel names now,
   * and resolves once it is in sync and the sentinel lists it as a replica in good standing.
   */
  restartAsReplica(url: string): Promise<void>;
  close(): Promise<void>;
}

/** Whether this machine can run the setup (`redis-server` and `redis-sentinel` on PATH). */
export function canRunSentinel(): boolean {
  const missing = ["redis-server", "redis-sentinel"].filter(
    (bin) => spawnSync(bin, ["--version"], { stdio: "ignore" }).status !== 0,
  );
  if (missing.length === 0) return true;
  // CI (TOOLNEXUS_REQUIRE_REDIS=1) may never skip the Redis suite: a missing binary fails it there.
  if (process.env.TOOLNEXUS_REQUIRE_REDIS === "1")
    throw new Error(`TOOLNEXUS_REQUIRE_REDIS=1 but ${missing.join(", ")} is not on PATH`);
  console.log(`@toolnexus/store-redis: skipped a suite that needs ${missing.join(", ")} (not on PATH)`);
  return false;
}

/** Starts a primary, a replica and a sentinel; resolves once the sentinel sees the replica. */
export async function startSentinel(): Promise<TestSentinel> {
  const dir = makeTempDir("toolnexus-redis-sentinel-");
  const [primaryPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  const urls = [primaryPort, replicaPort].map((port) => `redis://127.0.0.1:${port}`);
  const nodes = new Map<string, ChildProcess>();
  const children: ChildProcess[] = [];
  const close = async () => {
    await Promise.all(
      children.map((child) => {
        child.kill("SIGCONT"); // a paused node would ignore SIGTERM until the SIGKILL
        return stopProcess(child);
      }),
    );
    removeTempDir(dir);
  };
  const data = (port: number, extra: string[] = []) =>
    redisArgs(port, dir, [
      "--dbfilename",
      `dump-${port}.rdb`,
      // The first sync at once (Redis waits 5 s for more replicas by default): a failover before it
      // would promote an empty replica.
      "--repl-diskless-sync-delay",
      "0",
      ...extra,
    ]);
  try {
    for (const [port, extra] of [
      [primaryPort, []],
      [replicaPort, ["--replicaof", "127.0.0.1", String(primaryPort)]],
    ] as Array<[number, string[]]>) {
      const child = await startRedisProcess(
        "redis-server",
        data(port, extra),
        `redis-server on port ${port}`,
      );
      children.push(child);
      nodes.set(`redis://127.0.0.1:${port}`, child);
    }
    const config = join(dir, "sentinel.conf");
    writeFileSync(
      config,
      [
        `port ${sentinelPort}`,
        "bind 127.0.0.1",
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primaryPort} 1`,
        `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_NAME} 5000`,
        "",
      ].join("\n"),
    );
    children.push(
      await startRedisProcess("redis-sentinel", [config], `redis-sentinel on port ${sentinelPort}`),
    );
    const sentinelUrl = `redis://127.0.0.1:${sentinelPort}`;
    await synced(urls[1] as string, "the replica's first sync");
    // The sentinel learns the replica from the primary's INFO (every 10 s at first): wait for it,
    // or a failover would find no replica to promote.
    await waitFor(
      async () => {
        const replicas = (await ask(sentinelUrl, ["SENTINEL", "REPLICAS", SENTINEL_NAME])) as unknown[];
        return Array.isArray(replicas) && replicas.length > 0;
      },
      { timeoutMs: 20_000, intervalMs: 200, message: "the sentinel to see the replica" },
    );
    const current = async () => {
      const [host, port] = (await ask(sentinelUrl, [
        "SENTINEL",
        "GET-MASTER-ADDR-BY-NAME",
        SENTINEL_NAME,
      ])) as [string, string];
      return `redis://${host}:${port}`;
    };
    return {
      sentinel: { host: "127.0.0.1", port: sentinelPort },
      urls,
      primary: current,
      replicated: async () => {
        const offset = (info: unknown, field: string) =>
          Number(new RegExp(`${field}:(\\d+)`).exec(String(info))?.[1]);
        const target = offset(await ask(urls[0] as string, ["INFO", "replication"]), "master_repl_offset");
        await waitFor(
          async () =>
            offset(await ask(urls[1] as string, ["INFO", "replication"]), "slave_repl_offset") >= target,
          { timeoutMs: 10_000, intervalMs: 50, message: "the replica to catch up" },
        );
      },
      kill: async (url) => {
        const child = nodes.get(url);
        if (child) await stopProcess(child, "SIGKILL");
      },
      pause: (url) => nodes.get(url)?.kill("SIGSTOP"),
      resume: (url) => nodes.get(url)?.kill("SIGCONT"),
      restartAsReplica: async (url) => {
        const primary = new URL(await current());
        const port = Number(new URL(url).port);
        const child = await startRedisProcess(
          "redis-server",
          data(port, ["--replicaof", primary.hostname, primary.port]),
          `redis-server on port ${port}`,
        );
        children.push(child);
        nodes.set(url, child);
        await synced(url, "the restarted node's sync");
        // A failover picks only a replica the sentinel has seen up and replicating.
        let seen = "";
        let pointedAt = Date.now();
        await waitFor(
          async () => {
            // The sentinel learns a replica from its primary's INFO. One started as the replica of
            // a primary a failover then demoted replicates from a replica, which no INFO of the
            // primary lists: point it at the current primary again (a no-op when it is already).
            if (Date.now() - pointedAt > 5_000) {
              pointedAt = Date.now();
              const now = new URL(await current());
              await ask(url, ["REPLICAOF", now.hostname, now.port]);
            }
            const replicas = (await ask(sentinelUrl, ["SENTINEL", "REPLICAS", SENTINEL_NAME])) as unknown[];
            const described = replicas.map((fields) => {
              // A flat list of names and values (RESP2), or a map.
              const field = (name: string) =>
                Array.isArray(fields)
                  ? String(fields[fields.indexOf(name) + 1])
                  : String((fields as Record<string, unknown>)[name]);
              return `${field("port")} ${field("flags")} ${field("master-link-status")}`;
            });
            seen = described.join("; ");
            return described.includes(`${port} slave ok`);
          },
          {
            timeoutMs: 60_000,
            intervalMs: 100,
            message: () => `the sentinel to see the restarted replica (it lists: ${seen})`,
          },
        );
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resolves once the replica at `url` reports its link to the primary up (bounded: 20 s). */
async function synced(url: string, message: string): Promise<void> {
  await waitFor(async () => /master_link_status:up/.test(String(await ask(url, ["INFO", "replication"]))), {
    timeoutMs: 20_000,
    intervalMs: 50,
    message,
  });
}

/** One command on a short-lived connection. */
async function ask(url: string, args: string[]): Promise<unknown> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on("error", () => {});
  try {
    await client.connect();
    return await client.sendCommand(args);
  } finally {
    client.destroy();
  }
}
