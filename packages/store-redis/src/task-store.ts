/**
 * The core's `TaskStore` on Redis, shared by a fleet: a task one worker started is resumed by
 * another after the first dies, and by one worker only. Each task is a record (task-envelope.ts:
 * sealed with the secret, with a TTL) and a lease (task-scripts.ts) holding the token of the store
 * instance that follows it. `put` takes the lease; `list` hands out only the records whose lease it
 * could take — in the same script that reads them, so two workers resuming at once never both get
 * one; `delete` drops both. A store renews the leases it holds every third of `lockTtlMs` and
 * releases them at `close()`; a worker that dies stops renewing, and its tasks go to the next
 * worker that lists once `lockTtlMs` has passed. The index (a sorted set of digests) is how `list`
 * finds the tasks, trimmed to `maxRecords` and to the records' expiry.
 * @module
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_MAX_TASK_RECORDS, type TaskRecord, type TaskStore } from "@toolnexus/mcp-core/stores";
import { type RedisConnection, RedisUnavailableError } from "./connection.js";
import { evalCommand } from "./scripts.js";
import { encodeTask, openTask } from "./task-envelope.js";
import { TASK_DIGEST, type TaskKeys, taskIndexKey, taskKeys, taskKeysOf } from "./task-keys.js";
import { CLAIM_TASK, DELETE_TASK, KEEP_TASK_LEASE, PUT_TASK, RELEASE_TASK_LEASE } from "./task-scripts.js";

/** How long a task record lives in Redis (24 hours): the record carries no TTL of the task's own. */
export const DEFAULT_TASK_RECORD_TTL_MS = 24 * 60 * 60 * 1000;

export interface RedisTaskStoreParams {
  connection: RedisConnection;
  keyPrefix: string;
  /** The AES-256-GCM key, or undefined to keep records in clear. */
  taskKey: Buffer | undefined;
  /** How long a lease lives without renewal (ms); renewed every third of it. */
  leaseTtlMs: number;
  /** How long a record lives (ms). @default {@link DEFAULT_TASK_RECORD_TTL_MS} */
  recordTtlMs?: number | undefined;
  /** The most tasks kept; one more drops the oldest from the index. @default 1000 */
  maxRecords?: number | undefined;
  warn(message: string): void;
}

/** A task this store instance holds the lease of. */
interface Held {
  keys: TaskKeys;
  server: string;
}

/** A configured server name (`[A-Za-z0-9_-]{1,32}`) as a warning names it; anything else is not shown. */
const serverNamed = (server: string) =>
  /^[A-Za-z0-9_-]{1,32}$/.test(server) ? `server "${server}"` : "a server";

/** The task store on Redis (see the module comment). */
export class RedisTaskStore implements TaskStore {
  /** This instance's lease token: the same for every task it holds. */
  private readonly token = randomBytes(16).toString("base64url");
  /** The tasks this instance holds the lease of, by digest. */
  private readonly held = new Map<string, Held>();
  private renewal: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly recordTtlMs: number;
  private readonly maxRecords: number;

  constructor(private readonly params: RedisTaskStoreParams) {
    this.recordTtlMs = params.recordTtlMs ?? DEFAULT_TASK_RECORD_TTL_MS;
    this.maxRecords = params.maxRecords ?? DEFAULT_MAX_TASK_RECORDS;
  }

  /** Every task no other worker holds, each now held by this store (renewed until it ends). */
  async list(): Promise<TaskRecord[]> {
    const index = taskIndexKey(this.params.keyPrefix);
    await this.send(["ZREMRANGEBYSCORE", index, "-inf", String(Date.now())]);
    const digests = await this.send(["ZREVRANGE", index, "0", String(this.maxRecords - 1)]);
    const members = Array.isArray(digests) ? digests.filter((d) => typeof d === "string").reverse() : [];
    const claimed = await Promise.all(members.map((digest) => this.claim(index, digest)));
    return claimed.filter((record) => record !== undefined);
  }

  async put(record: TaskRecord): Promise<void> {
    const keys = taskKeys(this.params.keyPrefix, record.serverKey, record.taskId);
    const index = taskIndexKey(this.params.keyPrefix);
    const ttl = String(this.recordTtlMs);
    // The index first: a worker that dies between the two leaves a digest without a record, which
    // the next `list` drops — never a record no `list` can find.
    await this.send(["ZADD", index, String(Date.now() + this.recordTtlMs), keys.digest]);
    await Promise.all([
      this.send(["ZREMRANGEBYRANK", index, "0", String(-(this.maxRecords + 1))]),
      this.send(["PEXPIRE", index, ttl]),
    ]);
    const value = encodeTask(this.params.taskKey, keys.record, record);
    const lease = String(this.params.leaseTtlMs);
    const held = await this.send(
      evalCommand(PUT_TASK, [keys.record, keys.lease], [value, ttl, this.token, lease]),
    );
    if (held === 1) this.hold({ keys, server: record.server });
  }

  async delete(serverKey: string, taskId: string): Promise<void> {
    const keys = taskKeys(this.params.keyPrefix, serverKey, taskId);
    this.release(keys.digest);
    await this.send(evalCommand(DELETE_TASK, [keys.record, keys.lease], [this.token]));
    await this.send(["ZREM", taskIndexKey(this.params.keyPrefix), keys.digest]);
  }

  /**
   * Stops renewing and releases every lease this store holds, so another worker can resume those
   * tasks at once (best effort: a lease not released lapses after `lockTtlMs`). Never rejects.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const held = [...this.held.values()];
    this.held.clear();
    this.stopRenewal();
    await Promise.all(held.map(({ keys }) => this.letGo(keys)));
  }

  /** Takes the lease of one listed task and reads its record; undefined when it is not handed out. */
  private async claim(index: string, digest: string): Promise<TaskRecord | undefined> {
    if (!TASK_DIGEST.test(digest)) {
      await this.send(["ZREM", index, digest]);
      return undefined;
    }
    const keys = taskKeysOf(this.params.keyPrefix, digest);
    const answer = await this.send(
      evalCommand(CLAIM_TASK, [keys.record, keys.lease], [this.token, String(this.params.leaseTtlMs)]),
    );
    const [state, raw] = Array.isArray(answer) ? answer : [];
    if (state === 0) await this.send(["ZREM", index, digest]); // expired or deleted
    if (state !== 2 || typeof raw !== "string") return undefined;
    const opened = openTask(this.params.taskKey, keys.record, digest, raw);
    if (opened.kind === "refused") {
      // Left for its TTL (a worker holding the right secret may read it), and for anyone to take.
      await this.letGo(keys);
      this.params.warn(`Redis task store: a task record in Redis ${opened.why}; skipped`);
      return undefined;
    }
    this.hold({ keys, server: opened.record.server });
    return opened.record;
  }

  private hold(task: Held): void {
    if (this.closed) {
      void this.letGo(task.keys);
      return;
    }
    this.held.set(task.keys.digest, task);
    this.renewal ??= setInterval(
      () => void this.renew(),
      Math.max(1, Math.floor(this.params.leaseTtlMs / 3)),
    );
    this.renewal.unref();
  }

  /**
   * Deletes the lease of a task this store holds (best effort: one not deleted lapses after
   * `lockTtlMs`). Never rejects.
   */
  private async letGo(keys: TaskKeys): Promise<void> {
    await this.params.connection
      .command(evalCommand(RELEASE_TASK_LEASE, [keys.lease], [this.token]))
      .catch(() => {});
  }

  private release(digest: string): void {
    this.held.delete(digest);
    if (this.held.size === 0) this.stopRenewal();
  }

  private stopRenewal(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  /** Renews every held lease; one another worker took (this one was paused past it) is let go. */
  private async renew(): Promise<void> {
    const lease = String(this.params.leaseTtlMs);
    await Promise.all(
      [...this.held.values()].map(async ({ keys, server }) => {
        let kept: unknown;
        try {
          kept = await this.params.connection.command(
            evalCommand(KEEP_TASK_LEASE, [keys.record, keys.lease], [this.token, lease]),
          );
        } catch {
          return; // Redis unreachable: tried again at the next turn
        }
        if (kept === 1 || !this.held.has(keys.digest)) return;
        this.release(keys.digest);
        if (kept === -1) return; // the task ended (another worker saw it end) or its record expired
        this.params.warn(
          `Redis task store: lost the lease on a task of ${serverNamed(server)}: another worker may resume it too`,
        );
      }),
    );
  }

  private async send(args: string[]): Promise<unknown> {
    try {
      return await this.params.connection.command(args);
    } catch (error) {
      if (error instanceof RedisUnavailableError)
        throw new Error(`Redis task store: ${error.message}`, { cause: error });
      throw error;
    }
  }
}
