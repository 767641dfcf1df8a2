// The task store on Redis, looked at directly: a listed task is held by one store at a time (while
// its holder lives, renewed past its lease; free at once when the holder closes), no task id or
// server key is readable in Redis with a secret, every record expires within a bound, and records
// planted in Redis (in clear, sealed with another secret, copied under another task's key, not a
// task record) are never handed out.
import { waitFor } from "@toolnexus/fixtures";
import type { TaskRecord } from "@toolnexus/mcp-core/stores";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createRedisStores, type RedisStoresOptions } from "../src/index.js";
import { encodeTask } from "../src/task-envelope.js";
import { taskDigest, taskIndexKey, taskKeys, taskKeysOf } from "../src/task-keys.js";
import { DEFAULT_TASK_RECORD_TTL_MS } from "../src/task-store.js";
import {
  failOnUnhandledErrors,
  rawClient,
  redisAvailable,
  startRedis,
  type TestRedis,
} from "./support/redis-server.js";

const SECRET = "task-store-secret-of-at-least-32-bytes";
const OTHER_SECRET = "another-secret-of-at-least-32-bytes!!";

failOnUnhandledErrors();

let ids = 0;
/** A record as the core writes it; its task id is recognizable in a scan. */
const record = (server = "t"): TaskRecord => ({
  serverKey: `http:fingerprint-${server}`,
  server,
  tool: "slow_task",
  taskId: `task-id-${++ids}-0123456789abcdef`,
  createdAt: new Date().toISOString(),
});

describe.runIf(redisAvailable())("the task store on Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.close());

  function stores(options: Partial<RedisStoresOptions> & { keyPrefix: string }) {
    const created = createRedisStores({ url: redis.url, onWarning: () => {}, ...options });
    onTestFinished(() => created.close());
    return created;
  }

  it("should hand a task to one store at a time: held past its lease while its holder lives, free once it closes", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const holder = stores({ keyPrefix, secret: SECRET, lockTtlMs: 600 });
    const other = stores({ keyPrefix, secret: SECRET, lockTtlMs: 600 });
    const task = record();
    await holder.taskStore.put(task);
    expect(await other.taskStore.list()).toEqual([]);
    expect(await holder.taskStore.list()).toEqual([task]);

    // The lease never lapses while its holder renews it: watched for three renewals (its TTL going
    // back up), each a full lease apart at most.
    const { lease } = taskKeys(keyPrefix, task.serverKey, task.taskId);
    const holderToken = await client.get(lease);
    let last = Number.POSITIVE_INFINITY;
    let renewals = 0;
    const seen = new Set<string | null>();
    await waitFor(
      async () => {
        const [token, ttl] = await Promise.all([client.get(lease), client.pTTL(lease)]);
        seen.add(token);
        if (ttl > last) renewals++;
        last = ttl;
        return renewals >= 3 || token !== holderToken;
      },
      { intervalMs: 30, timeoutMs: 5000, message: "three renewals of the lease" },
    );
    expect([...seen]).toEqual([holderToken]);
    expect(await other.taskStore.list()).toEqual([]);

    await holder.close();
    expect(await other.taskStore.list()).toEqual([task]);
    await other.taskStore.delete(task.serverKey, task.taskId);
    expect(await client.keys(`${keyPrefix}*`)).toEqual([]);
  });

  it("should keep no task id or server key readable in Redis with a secret, and expire every record within a day", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const { taskStore } = stores({ keyPrefix, secret: SECRET });
    const task = record();
    await taskStore.put(task);
    const keys = await client.keys(`${keyPrefix}*`);
    const { record: recordKey, lease } = taskKeys(keyPrefix, task.serverKey, task.taskId);
    const index = taskIndexKey(keyPrefix);
    expect(keys.sort()).toEqual([recordKey, lease, index].sort());
    const stored = [
      ...keys,
      String(await client.get(recordKey)),
      String(await client.get(lease)),
      ...(await client.zRange(index, 0, -1)),
    ].join("\n");
    for (const secret of [task.taskId, task.serverKey]) expect(stored).not.toContain(secret);
    for (const key of [recordKey, index]) {
      const ttl = await client.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(DEFAULT_TASK_RECORD_TTL_MS);
    }
  });

  it("should give a record and the index the TTL taskRecordTtlMs names", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const taskRecordTtlMs = 60_000;
    const { taskStore } = stores({ keyPrefix, secret: SECRET, taskRecordTtlMs });
    const task = record();
    await taskStore.put(task);
    for (const key of [taskKeys(keyPrefix, task.serverKey, task.taskId).record, taskIndexKey(keyPrefix)]) {
      const ttl = await client.pTTL(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(taskRecordTtlMs);
    }
  });

  it("should never hand out a record planted in Redis: in clear, sealed with another secret, copied under another task's key, or not a task record", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const warnings: string[] = [];
    const { taskStore } = stores({ keyPrefix, secret: SECRET, onWarning: (m) => warnings.push(m) });
    const index = taskIndexKey(keyPrefix);
    /** Writes `value` as the record of the task `digest` and lists it in the index. */
    const plant = async (digest: string, value: string) => {
      await client.set(taskKeysOf(keyPrefix, digest).record, value);
      await client.zAdd(index, { score: Date.now() + 60_000, value: digest });
    };
    const plantRecord = async (task: TaskRecord, key: Buffer | undefined) => {
      const keys = taskKeys(keyPrefix, task.serverKey, task.taskId);
      await plant(keys.digest, encodeTask(key, keys.record, task));
    };
    // Sealed with another secret: a store of a fleet that holds it writes the record.
    const foreign = stores({ keyPrefix, secret: OTHER_SECRET });
    await foreign.taskStore.put(record());
    await foreign.close();
    await plantRecord(record(), undefined); // in clear
    // A genuine record copied under the key of another task.
    const genuine = record();
    await taskStore.put(genuine);
    const copied = String(await client.get(taskKeys(keyPrefix, genuine.serverKey, genuine.taskId).record));
    await plant(taskDigest("http:elsewhere", "other-task"), copied);
    await plant(taskDigest("x", "y"), "not json");
    await plant("not-a-digest", "{}");

    expect(await taskStore.list()).toEqual([genuine]);
    expect(warnings.sort()).toEqual(
      [
        "Redis task store: a task record in Redis does not open with this worker's secret; skipped",
        "Redis task store: a task record in Redis was written without the secret; skipped",
        "Redis task store: a task record in Redis does not open with this worker's secret; skipped",
        "Redis task store: a task record in Redis is not in a known format; skipped",
      ].sort(),
    );
    // Not a digest: dropped from the index; the refused ones stay for their TTL, free for anyone.
    expect(await client.zScore(index, "not-a-digest")).toBeNull();
    expect(await client.keys(`${keyPrefix}*:lease`)).toEqual([
      taskKeys(keyPrefix, genuine.serverKey, genuine.taskId).lease,
    ]);
  });

  it("should release a task's lease without a script error in Redis: at close, for a record it skips, and for a put after close", async () => {
    const client = await rawClient(redis.url);
    // Redis keeps what a failing script wrote before it failed: the lease goes either way, and only
    // its own count of failed EVALs shows a release that errs.
    const failedScripts = async () => {
      const info = String(await client.sendCommand(["INFO", "commandstats"]));
      return Number(/^cmdstat_eval:.*failed_calls=(\d+)/m.exec(info)?.[1] ?? 0);
    };
    const leases = (keyPrefix: string) => client.keys(`${keyPrefix}*:lease`);
    const failedBefore = await failedScripts();

    const closing = redis.prefix();
    const holder = stores({ keyPrefix: closing, secret: SECRET });
    await holder.taskStore.put(record());
    expect(await leases(closing)).toHaveLength(1);
    await holder.close();
    expect(await leases(closing)).toEqual([]);

    // A record sealed with another secret: claimed, skipped, its lease let go at once.
    const skipping = redis.prefix();
    const foreign = stores({ keyPrefix: skipping, secret: OTHER_SECRET });
    await foreign.taskStore.put(record());
    await foreign.close();
    const lister = stores({ keyPrefix: skipping, secret: SECRET });
    expect(await lister.taskStore.list()).toEqual([]);
    expect(await leases(skipping)).toEqual([]);

    // A put after the task store closed (its connection still open) lets the lease go.
    const late = redis.prefix();
    const { taskStore } = stores({ keyPrefix: late, secret: SECRET });
    await taskStore.close();
    await taskStore.put(record());
    await waitFor(async () => (await leases(late)).length === 0, {
      timeoutMs: 2000,
      message: "the lease let go",
    });

    expect(await failedScripts()).toBe(failedBefore);
  });

  it("should refuse, without a secret, a record that is not a task record or not the task its key names", async () => {
    const keyPrefix = redis.prefix();
    const client = await rawClient(redis.url);
    const warnings: string[] = [];
    const { taskStore } = stores({ keyPrefix, insecure: true, onWarning: (m) => warnings.push(m) });
    const index = taskIndexKey(keyPrefix);
    const plant = async (digest: string, value: unknown) => {
      await client.set(taskKeysOf(keyPrefix, digest).record, JSON.stringify({ v: 1, clear: value }));
      await client.zAdd(index, { score: Date.now() + 60_000, value: digest });
    };
    const hostile = { ...record(), taskId: "id\u001b]0;pwned\u0007" };
    await plant(taskDigest(hostile.serverKey, hostile.taskId), hostile);
    const moved = record();
    await plant(taskDigest(moved.serverKey, "another-task"), moved);
    const clear = record();
    await taskStore.put(clear);

    expect(await taskStore.list()).toEqual([clear]);
    expect(warnings.filter((m) => m.startsWith("Redis task store")).sort()).toEqual([
      "Redis task store: a task record in Redis is not a valid task record; skipped",
      "Redis task store: a task record in Redis is not the task its key names; skipped",
    ]);
  });

  it("should reject a list with a message naming the task store when Redis is unreachable, and close without one", async () => {
    const created = createRedisStores({
      url: "redis://127.0.0.1:1",
      insecure: true,
      connectTimeoutMs: 200,
      onWarning: () => {},
    });
    await expect(created.taskStore.list()).rejects.toThrow(/^Redis task store: Redis is unreachable/);
    await expect(created.taskStore.put(record())).rejects.toThrow(/^Redis task store: /);
    await created.close();
  });
});
