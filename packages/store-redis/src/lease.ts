/**
 * The lease behind `withLock`: `SET lease <random token> NX PX lockTtlMs`, renewed every third of
 * the TTL while the function runs, released by a compare-and-delete script that announces the
 * release on the entry's channel. The function runs with its lease in an AsyncLocalStorage, so a
 * write made inside it is a compare-and-set against that lease (a worker paused past its lease has
 * its write refused). How a lease is waited for: the queue here (`run`), or token-adoption.ts.
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { McpCoreError } from "@toolnexus/mcp-core";
import type { RedisConnection } from "./connection.js";
import { evalCommand, RELEASE_LEASE, RENEW_LEASE } from "./scripts.js";

/** The keys of one lease: the lease itself and the channel its release is announced on. */
export interface LeaseKeys {
  readonly lease: string;
  readonly channel: string;
}

/** The lease a function runs under. */
export interface HeldLease {
  readonly leaseKey: string;
  readonly channel: string;
  readonly token: string;
}

/** First wait between two tries for a busy lease (ms); it doubles up to {@link MAX_RETRY_MS}. */
const FIRST_RETRY_MS = 10;
const MAX_RETRY_MS = 200;

export interface LeaseTiming {
  /** How long a lease lives without renewal (ms). */
  ttlMs: number;
  /** How long `withLock` waits for a busy lease before it rejects (ms). */
  waitMs: number;
}

/** How announcements are published: sharded pub/sub on a cluster, so they reach the slot's subscribers. */
export function publishCommand(connection: RedisConnection): "PUBLISH" | "SPUBLISH" {
  return connection.sharded ? "SPUBLISH" : "PUBLISH";
}

/** The error of a lease that stayed busy for the whole wait. */
export function lockTimeout(waitMs: number): McpCoreError {
  return new McpCoreError(
    "TOKEN_STORE_LOCK_TIMEOUT",
    `The Redis token store lease stayed busy for ${waitMs} ms`,
  );
}

/** Runs functions under Redis leases; knows which lease the current async context holds. */
export class LeaseManager {
  private readonly held = new AsyncLocalStorage<HeldLease>();

  constructor(
    private readonly connection: RedisConnection,
    readonly timing: LeaseTiming,
  ) {}

  /** The lease of `leaseKey` the current async context runs under, if any. */
  current(leaseKey: string): HeldLease | undefined {
    const lease = this.held.getStore();
    return lease?.leaseKey === leaseKey ? lease : undefined;
  }

  /** A new lease of `keys` with a fresh random token (not taken yet). */
  newLease(keys: LeaseKeys): HeldLease {
    return { leaseKey: keys.lease, channel: keys.channel, token: randomBytes(16).toString("base64url") };
  }

  /**
   * Takes the lease (waiting its turn up to `waitMs`), runs `fn` under it, releases it. Rejects
   * with the connection's error when Redis is unreachable, and with `TOKEN_STORE_LOCK_TIMEOUT`
   * when the lease stays busy. Re-entrant: inside a lease of the same key, `fn` just runs.
   */
  async run<T>(keys: LeaseKeys, fn: () => Promise<T>): Promise<T> {
    if (this.current(keys.lease)) return fn();
    const lease = this.newLease(keys);
    await this.acquire(lease);
    return this.hold(lease, fn);
  }

  /** Runs `fn` under `lease`, already taken: renews it meanwhile, releases it when `fn` settles. */
  async hold<T>(lease: HeldLease, fn: () => Promise<T>): Promise<T> {
    const renewal = setInterval(
      () => {
        this.connection
          .command(evalCommand(RENEW_LEASE, [lease.leaseKey], [lease.token, String(this.timing.ttlMs)]))
          .catch(() => {}); // a lost lease shows at the next guarded write, which is refused
      },
      Math.max(1, Math.floor(this.timing.ttlMs / 3)),
    );
    try {
      return await this.held.run(lease, fn);
    } finally {
      clearInterval(renewal);
      // Best effort: a lease left behind by a lost connection expires after ttlMs.
      await this.connection
        .command(
          evalCommand(
            RELEASE_LEASE,
            [lease.leaseKey],
            [lease.token, lease.channel, publishCommand(this.connection)],
          ),
        )
        .catch(() => {});
    }
  }

  private async acquire(lease: HeldLease): Promise<void> {
    const deadline = Date.now() + this.timing.waitMs;
    let delay = FIRST_RETRY_MS;
    for (;;) {
      const taken = await this.connection.command([
        "SET",
        lease.leaseKey,
        lease.token,
        "NX",
        "PX",
        String(this.timing.ttlMs),
      ]);
      if (taken === "OK") return;
      if (Date.now() >= deadline) throw lockTimeout(this.timing.waitMs);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(delay, Math.max(1, deadline - Date.now()))),
      );
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}
