// Tasks shared by a fleet through Redis: worker A (a real process) starts a task-augmented call on
// the tasks fixture and is SIGKILLed mid-task; once its lease lapses, two other workers resume at
// the same moment and exactly one of them gets the task — it follows it to its result, the work
// ran once (counted by the fixture) and its result was fetched once.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  type HttpFixture,
  makeTempDir,
  readLog,
  removeTempDir,
  startHttpFixture,
  waitFor,
} from "@toolnexus/fixtures";
import { loadMcp, type McpResumedTask } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores } from "../src/index.js";
import {
  failOnUnhandledErrors,
  rawClient,
  redisAvailable,
  startRedis,
  type TestRedis,
} from "./support/redis-server.js";

const SECRET = "task-fleet-secret-of-at-least-32-bytes";
const WORKER = fileURLToPath(new URL("./support/task-worker.mjs", import.meta.url));
/** Worker A's task lease (ms): its task is free this long after it dies, at most. */
const LEASE_MS = 1000;
/** The resumers' lease (ms): longer, so a stalled test process never lets the winner's lapse. */
const RESUMER_LEASE_MS = 3000;

failOnUnhandledErrors();

describe.runIf(redisAvailable())("tasks shared by a fleet through Redis", () => {
  let redis: TestRedis;
  let fixture: HttpFixture;
  let logDir: string;
  let log: string;
  beforeAll(async () => {
    logDir = makeTempDir("toolnexus-redis-tasks-");
    log = `${logDir}/tasks.log`;
    [redis, fixture] = await Promise.all([
      startRedis(),
      startHttpFixture("tasks", ["--log", log, "--work-ms", "2000", "--stages", "4"]),
    ]);
  });
  afterAll(async () => {
    await Promise.all([redis?.close(), fixture?.stop()]);
    removeTempDir(logDir);
  });

  /** A worker in this process: its own stores (connection, lease token) and source. */
  async function worker(keyPrefix: string) {
    const stores = createRedisStores({
      url: redis.url,
      keyPrefix,
      secret: SECRET,
      lockTtlMs: RESUMER_LEASE_MS,
    });
    const source = await loadMcp(
      { mcpServers: { t: { url: fixture.url } } },
      { taskStore: stores.taskStore, toolCache: null, onWarning: () => {} },
    );
    onTestFinished(async () => {
      await source.close();
      await stores.close();
    });
    return { stores, source };
  }

  /** Worker A as a process: resolves once it has been SIGKILLed after its first poll. */
  async function killedMidTask(keyPrefix: string, label: string): Promise<void> {
    const gets = () => readLog(log).filter((e) => e.event === "task_get").length;
    const getsBefore = gets();
    const args = {
      redisUrl: redis.url,
      keyPrefix,
      secret: SECRET,
      url: fixture.url,
      label,
      lockTtlMs: LEASE_MS,
    };
    const child = spawn(process.execPath, [WORKER, JSON.stringify(args)], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_, signal) => resolve(signal)),
    );
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    // The record is in Redis before the first poll: a poll means the worker can die now.
    await waitFor(() => out.includes("ready") && gets() > getsBefore, {
      message: `worker A to poll its task (stderr: ${err.slice(-300)})`,
    });
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(out).not.toContain("finished");
  }

  it("should have a task whose worker was killed mid-task resumed by exactly one of two racing workers, the work run once", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const leases = () => client.keys(`${keyPrefix}*:lease`);
    // B and C load while A starts its task (each its own connection and lease token).
    const [b, c] = await Promise.all([
      worker(keyPrefix),
      worker(keyPrefix),
      killedMidTask(keyPrefix, "once"),
    ]);
    const startsOf = (taskId: string) =>
      readLog(log).filter((e) => e.event === "task_start" && e.taskId === taskId).length;

    // A's lease outlives A by at most its TTL; then B and C list at the same moment.
    await waitFor(async () => (await leases()).length === 0, { message: "worker A's lease to lapse" });
    const [fromB, fromC] = await Promise.all([b.source.resumeTasks(), c.source.resumeTasks()]);
    const resumed: McpResumedTask[] = [...fromB, ...fromC];
    expect(resumed.map((r) => [r.server, r.tool])).toEqual([["t", "slow_task"]]);
    const [task] = resumed;
    if (!task) throw new Error("no worker resumed the task");
    // The winner holds the task while it follows it: the loser, listing again, still gets nothing.
    const loser = fromB.length === 1 ? c : b;
    expect(await loser.source.resumeTasks()).toEqual([]);

    const result = await task.result;
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toBe("done: once");
    expect(startsOf(task.taskId)).toBe(1);
    const results = readLog(log).filter((e) => e.event === "task_result" && e.taskId === task.taskId);
    expect(results).toHaveLength(1);
    // The task ended: its record, its lease and its index entry are gone.
    expect(await client.keys(`${keyPrefix}*`)).toEqual([]);
    expect(await loser.source.resumeTasks()).toEqual([]);
  }, 20_000);
});
