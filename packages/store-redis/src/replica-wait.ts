/**
 * Durability of token writes on a replicated Redis: after a write, `WAIT replicas timeoutMs` on the
 * connection that wrote (on a cluster, the master of the entry's slot), so a replica a failover
 * promotes holds the rotated refresh token. Replication stays asynchronous — `WAIT` only waits —
 * so fewer acknowledgements within the bound do not fail the write (it is stored on the primary):
 * they are one warning per lagging spell (`STORE_REPLICATION_LAGGING`), and again after the
 * replicas caught up once. The write is then held (grant-hold.ts): kept in memory and written
 * again on whichever primary is current until a replica acknowledges it.
 * @module
 */
import { printableSample } from "@toolnexus/mcp-core/stores";
import type { RedisConnection } from "./connection.js";
import { GrantHold, type HeldWrite } from "./grant-hold.js";
import { publishCommand } from "./lease.js";

/** How long token reads and leases wait after the connection comes back (see `settled`). */
export const SETTLE_MS = 5_000;

/** The warning's code, first in its text. */
export const REPLICATION_LAGGING = "STORE_REPLICATION_LAGGING";

export interface ReplicaWaitParams {
  connection: RedisConnection;
  /**
   * Replicas that must acknowledge (0: no wait), the bound on each wait (ms), and how long an
   * unacknowledged write is held (ms; default 60 s).
   */
  durability: { replicas: number; timeoutMs: number; holdMs?: number | undefined };
  warn(message: string): void;
}

/** Waits for the replicas after a write (see the module comment). */
export class ReplicaWait {
  private lagging = false;
  private holds: GrantHold | undefined;
  private closed = false;
  private settleUntil = 0;
  private readonly settling = new Set<() => void>();
  private disturbedAt = Number.NEGATIVE_INFINITY;
  /** Counts the disturbances (see `wait`). */
  private disturbances = 0;
  private readonly stopWatching: (() => void) | undefined;

  constructor(private readonly params: ReplicaWaitParams) {
    if (params.durability.replicas === 0) return;
    let connected = false;
    const stopReady = params.connection.onReadyChange(() => {
      if (connected) this.disturbed();
      connected = true;
    });
    // A Sentinel client announces each new primary (its first is the first connection).
    let primaries = 0;
    const onTopology = (event: { type?: unknown } | undefined) => {
      if (event?.type === "MASTER_CHANGE" && ++primaries > 1) this.disturbed();
    };
    params.connection.client.on("topology-change", onTopology);
    this.stopWatching = () => {
      stopReady();
      params.connection.client.off("topology-change", onTopology);
    };
  }

  /**
   * After a write of `key`: waits for the replicas, at most `timeoutMs`; never rejects. Given
   * `write` (what was written), an unacknowledged write is held (see the module comment).
   */
  async after(key: string, write?: HeldWrite): Promise<void> {
    if (this.params.durability.replicas === 0) return;
    if (!write) this.holds?.release(key);
    else if (!this.closed) this.holdsOf().hold(write);
    const acknowledged = await this.wait(key, this.disturbances);
    if (write) this.holds?.waited(write, acknowledged);
  }

  /** A write whose command got no answer (it may have run), or refused: held if holds are on. */
  unsure(write: HeldWrite): boolean {
    if (this.params.durability.replicas === 0 || this.closed) return false;
    const holds = this.holdsOf();
    holds.hold(write);
    holds.waited(write, false);
    return true;
  }

  /** Whether token writes wait for replicas (a replicated Redis: `durability.replicas` above 0). */
  get replicated(): boolean {
    return this.params.durability.replicas > 0;
  }

  /** How long an unacknowledged write is held at most (ms). */
  get holdMs(): number {
    return this.params.durability.holdMs ?? 60_000;
  }

  /** The connection's generation: it changes with every outage or new primary (see `disturbed`). */
  get generation(): number {
    return this.disturbances;
  }

  /** A command found Redis unreachable: reads and leases wait until {@link SETTLE_MS} after it. */
  disturbed(): void {
    if (this.params.durability.replicas === 0) return;
    this.disturbedAt = Date.now();
    this.disturbances++;
    this.settleUntil = Math.max(this.settleUntil, this.disturbedAt + SETTLE_MS);
  }

  /**
   * Whether an entry older than one this worker has seen may be a failover's rollback that a
   * holder is putting back (this worker's own hold of `key`, or an outage within `holdMs`), not a
   * replay: the token store then fails that read as unavailable instead of reading a miss.
   */
  mayBeRolledBack(key: string): boolean {
    if (this.params.durability.replicas === 0) return false;
    return this.holds?.isHeld(key) === true || Date.now() - this.disturbedAt < this.holdMs;
  }

  /**
   * Resolves once the connection has been back {@link SETTLE_MS} (at once when it never went):
   * a worker that held a write a failover lost writes it again as its connection comes back, and
   * the token store's reads and leases wait for that, so no worker reads the older entry of a
   * grant another worker is putting back (and spends its refresh token, spent already).
   */
  async settled(): Promise<void> {
    const left = this.settleUntil - Date.now();
    if (left <= 0 || this.closed) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settling.delete(done);
        resolve();
      };
      const timer = setTimeout(done, left);
      this.settling.add(done); // `close()` ends the wait: no timer outlives the stores
    });
  }

  /** Ends the holds. Idempotent. */
  close(): void {
    this.closed = true;
    this.stopWatching?.();
    this.holds?.close();
    for (const done of [...this.settling]) done();
  }

  private holdsOf(): GrantHold {
    this.holds ??= new GrantHold({
      connection: this.params.connection,
      holdMs: this.holdMs,
      publish: publishCommand(this.params.connection),
      generation: () => this.disturbances,
      acknowledged: (key, since) => this.wait(key, since),
      warn: this.params.warn,
    });
    return this.holds;
  }

  /**
   * One `WAIT` after a write of `key`: whether enough replicas acknowledged (warns per spell). An
   * acknowledgement counts only if the connection was not disturbed since `since` (a generation):
   * a `WAIT` on a new connection waits for none of the writes made before it.
   */
  private async wait(key: string, since: number): Promise<boolean> {
    const { replicas, timeoutMs } = this.params.durability;
    let acknowledged = 0;
    let reason = "";
    try {
      acknowledged = Number(
        await this.params.connection.command(["WAIT", String(replicas), String(timeoutMs)], key),
      );
    } catch (error) {
      // Bounded and escaped: the text is the Redis client's, partly Redis's own reply.
      reason = ` (${printableSample(error instanceof Error ? error.message : String(error))})`;
    }
    if (acknowledged >= replicas) {
      if (since !== this.disturbances) return false; // another connection than the write's: proves nothing
      this.lagging = false;
      return true;
    }
    if (this.lagging) return false;
    this.lagging = true;
    this.params.warn(
      `Redis token store: ${REPLICATION_LAGGING}: a token write was acknowledged by ${acknowledged} of ${replicas} replica(s) within ${timeoutMs} ms${reason}; the write stands on the primary and this worker holds it until a replica has it (see "durability" in the README)`,
    );
    return false;
  }
}
