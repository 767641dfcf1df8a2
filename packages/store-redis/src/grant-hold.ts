/**
 * The hold of a token write no replica acknowledged (SPEC.md 19.8.7). Replication is asynchronous:
 * a write the primary alone has is lost when a failover promotes a replica without it, and for a
 * rotated refresh token the loss is final — the authorization server has spent the old token the
 * promoted replica holds, and the next worker to present it gets `invalid_grant` (a rotating server
 * revokes the whole grant on reuse). So the worker that wrote keeps the write in memory and, until a
 * replica acknowledges it or `holdMs` runs out, tries again: at once when the connection comes back
 * (a new primary), and every 100 ms doubling to 250 ms from the write on. Each try is one script
 * on whichever primary is current (REWRITE_HELD): the entry still its write → written again, the
 * same bytes, so the `WAIT` that follows covers it on this connection; the entry older than it
 * (the value it replaced, or a lower version) → written back, announced, and named in one
 * warning; anything else → another worker wrote since, and the hold ends. Bounded: one hold per
 * entry (a newer write replaces it), at most {@link MAX_HELD} entries, at most
 * {@link MAX_IN_FLIGHT} tries under way per entry, nothing after `close()`.
 * @module
 */
import type { RedisConnection } from "./connection.js";
import { evalCommand, REWRITE_HELD } from "./scripts.js";

/** A write to hold until a replica has it. */
export interface HeldWrite {
  /** The Redis key of the entry, its channel, and the server it is about (for warnings). */
  key: string;
  channel: string;
  server: string;
  /** The stored text written, and its version ("" for an entry in clear). */
  value: string;
  version: string;
  /** The SHA-1 (hex) of the value the write replaced ("" none), undefined when unknown. */
  replaced: string | undefined;
}

/** The hold of a write of `encoded` (version "" in clear) to the entry `keys`, about `server`. */
export function heldWrite(
  keys: { value: string; channel: string },
  server: string,
  encoded: string,
  version: string,
  replaced: string | undefined,
): HeldWrite {
  return { key: keys.value, channel: keys.channel, server, value: encoded, version, replaced };
}

export interface GrantHoldParams {
  connection: RedisConnection;
  /** How long a write is held at most (ms). */
  holdMs: number;
  /** `PUBLISH` or `SPUBLISH` (a cluster's sharded channels). */
  publish: "PUBLISH" | "SPUBLISH";
  /** The connection's generation now (it changes with every outage or new primary). */
  generation(): number;
  /** One `WAIT` after a write of `key`: whether enough acknowledged, on the `since` connection. */
  acknowledged(key: string, since: number): Promise<boolean>;
  warn(message: string): void;
}

/** The warning's code when a held write is written again on a new primary. */
export const GRANT_REWRITTEN = "STORE_GRANT_REWRITTEN";
/** Most entries held at once (the oldest hold ends first). */
const MAX_HELD = 1_000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 250;
/** Tries of one entry under way at once (a try to a dead primary waits out the command bound). */
const MAX_IN_FLIGHT = 20;

interface Hold {
  write: HeldWrite;
  deadline: number;
  delay: number;
  timer: NodeJS.Timeout | undefined;
  /** Tries under way: one from the timer, plus one per connection back. */
  inFlight: number;
}

/** The writes held until a replica acknowledges them (see the module comment). */
export class GrantHold {
  private readonly holds = new Map<string, Hold>();
  private readonly stopListening: () => void;
  private closed = false;

  constructor(private readonly params: GrantHoldParams) {
    // A connection back is maybe a new primary, without the held writes: try each at once.
    this.stopListening = params.connection.onReadyChange(() => {
      for (const hold of this.holds.values()) this.tryNow(hold);
    });
  }

  /**
   * Holds `write` from the moment it is made (a connection back before its first `WAIT` answers
   * already tries it again); {@link waited} says how that `WAIT` went.
   */
  hold(write: HeldWrite): void {
    if (this.closed) return;
    this.end(write.key);
    if (this.holds.size >= MAX_HELD) this.end(this.holds.keys().next().value as string);
    const hold: Hold = {
      write,
      deadline: Date.now() + this.params.holdMs,
      delay: FIRST_RETRY_MS,
      timer: undefined,
      inFlight: 0,
    };
    this.holds.set(write.key, hold);
    // Tries start now, not once the first `WAIT` gave up: that `WAIT`, sent to a primary that just
    // died, may wait out the whole command bound while a new primary is already serving others.
    this.schedule(hold);
  }

  /** After the write's first `WAIT`: acknowledged → the hold ends; else tries go on in the background. */
  waited(write: HeldWrite, acknowledged: boolean): void {
    const hold = this.holds.get(write.key);
    if (hold?.write !== write) return;
    if (acknowledged) this.end(write.key);
  }

  /** Whether a write of `key` is held. */
  isHeld(key: string): boolean {
    return this.holds.has(key);
  }

  /** Ends the hold of `key` (a later write of it that is not held: a deletion in clear). */
  release(key: string): void {
    this.end(key);
  }

  /** Ends every hold (their writes stand where they are). Idempotent. */
  close(): void {
    this.closed = true;
    this.stopListening();
    for (const key of [...this.holds.keys()]) this.end(key);
  }

  private end(key: string): void {
    const hold = this.holds.get(key);
    if (!hold) return;
    clearTimeout(hold.timer);
    this.holds.delete(key);
  }

  private schedule(hold: Hold): void {
    clearTimeout(hold.timer);
    const wait = Math.min(hold.delay, Math.max(0, hold.deadline - Date.now()));
    hold.delay = Math.min(hold.delay * 2, MAX_RETRY_MS);
    hold.timer = setTimeout(() => {
      hold.timer = undefined;
      if (Date.now() >= hold.deadline) {
        if (hold.inFlight === 0) this.expire(hold); // else the last try to settle expires it
        return;
      }
      if (hold.inFlight < MAX_IN_FLIGHT) this.tryNow(hold);
      if (this.holds.get(hold.write.key) === hold) this.schedule(hold);
    }, wait);
    hold.timer.unref?.(); // a hold never keeps the host alive on its own
  }

  /**
   * Starts a try now. A try still waiting on a dead primary (up to the command bound) does not
   * delay the next: the script is a compare-and-set, so tries may overlap.
   */
  private tryNow(hold: Hold): void {
    hold.inFlight++;
    void this.attempt(hold).finally(() => {
      hold.inFlight--;
      if (this.holds.get(hold.write.key) === hold && hold.inFlight === 0 && Date.now() >= hold.deadline)
        this.expire(hold);
    });
  }

  /** The hold ran out of time: its write stands where it is. */
  private expire(hold: Hold): void {
    this.end(hold.write.key);
    this.params.warn(
      `Redis token store: the token write for ${hold.write.server} was not acknowledged by a replica within ${this.params.holdMs} ms; it stands on the current primary only (see "durability" in the README)`,
    );
  }

  /** One try: the write put back where it is missing, then one `WAIT`; ends the hold when done. */
  private async attempt(hold: Hold): Promise<void> {
    const { write } = hold;
    const since = this.params.generation();
    let answer: unknown;
    try {
      answer = await this.params.connection.command(
        evalCommand(
          REWRITE_HELD,
          [write.key],
          [write.value, write.version, write.replaced ?? "?", write.channel, this.params.publish],
        ),
      );
    } catch {
      return; // unreachable now (a failover under way): the next try, or the connection's return
    }
    if (answer === "newer") {
      this.end(write.key); // another worker wrote since: its write stands
      return;
    }
    if (answer === "rewritten")
      this.params.warn(
        `Redis token store: ${GRANT_REWRITTEN}: the token write for ${write.server} was missing on the current primary (a failover promoted a replica without it) and was written again`,
      );
    if (this.closed || this.holds.get(write.key) !== hold) return;
    if (await this.params.acknowledged(write.key, since)) this.end(write.key);
  }
}
