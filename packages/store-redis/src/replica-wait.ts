/**
 * Durability of token writes on a replicated Redis: after a write, `WAIT replicas timeoutMs` on the
 * connection that wrote (on a cluster, the master of the entry's slot), so a replica a failover
 * promotes holds the rotated refresh token. Replication stays asynchronous — `WAIT` only waits —
 * so fewer acknowledgements within the bound do not fail the write (it is stored on the primary):
 * they are one warning per lagging spell (`STORE_REPLICATION_LAGGING`), and again after the
 * replicas caught up once.
 * @module
 */
import { printableSample } from "@toolnexus/mcp-core/stores";
import type { RedisConnection } from "./connection.js";

/** The warning's code, first in its text. */
export const REPLICATION_LAGGING = "STORE_REPLICATION_LAGGING";

export interface ReplicaWaitParams {
  connection: RedisConnection;
  /** Replicas that must acknowledge (0: no wait), and the bound on the wait (ms). */
  durability: { replicas: number; timeoutMs: number };
  warn(message: string): void;
}

/** Waits for the replicas after a write (see the module comment). */
export class ReplicaWait {
  private lagging = false;

  constructor(private readonly params: ReplicaWaitParams) {}

  /** After a write of `key`: waits for the replicas, at most `timeoutMs`; never rejects. */
  async after(key: string): Promise<void> {
    const { replicas, timeoutMs } = this.params.durability;
    if (replicas === 0) return;
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
      this.lagging = false;
      return;
    }
    if (this.lagging) return;
    this.lagging = true;
    this.params.warn(
      `Redis token store: ${REPLICATION_LAGGING}: a token write was acknowledged by ${acknowledged} of ${replicas} replica(s) within ${timeoutMs} ms${reason}; the write stands on the primary, but a failover now could promote a replica without the rotated refresh token (see "durability" in the README)`,
    );
  }
}
