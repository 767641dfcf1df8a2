/**
 * `withLock` for a refresh that says what it needs (the core's `stillNeeded`): no queue on a shared
 * grant. The lease is taken only over a value this worker has seen (ACQUIRE_LEASE). When the value
 * changed, the newer one is judged first: if the refresh is no longer needed, it is adopted — the
 * refresh's function runs on it without the lease. When the lease is busy, the worker does not
 * wait its turn: it subscribes to the entry's channel (token-watch.ts) and, at the holder's write
 * or release (or at a bounded poll, should a message be lost), reads again; so one worker per
 * grant per token lifetime takes the lease, the others adopt its write the moment it is made, and
 * a holder that dies leaves the lease to a waiter once its TTL has run out. A caller that can go on
 * without the refresh (`skipIfBusy`: its token is still good to send) does not wait at all: a busy
 * lease ends the take at once, and its next refresh reads again.
 * @module
 */
import type { RedisConnection } from "./connection.js";
import { type HeldLease, type LeaseManager, lockTimeout, publishCommand } from "./lease.js";
import { ACQUIRE_LEASE } from "./scripts.js";
import type { TokenWatch } from "./token-watch.js";

/** First wait for a busy lease between two reads when no message comes (ms); doubles up to the max. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 250;
/** Longest a waiter waits for its subscription before it falls back to polling (ms). */
const SUBSCRIBE_BOUND_MS = 1_000;

/**
 * The outcome: the lease taken, a newer entry that makes the refresh needless, or (`skipIfBusy`)
 * the lease busy and the caller going on without it.
 */
export type Acquired<E> =
  | { kind: "taken"; lease: HeldLease }
  | { kind: "adopted"; entry: E }
  | { kind: "busy" };

export interface AdoptionRequest<E> {
  keys: { value: string; lease: string; channel: string };
  /** SHA-1 (hex) of the value this worker last read of the entry ("" for none). */
  seen(): string;
  /** A value read by the lease script (undefined: none): remembered as seen, decoded. */
  read(raw: string | undefined): E;
  /** The refresh's own judgement: whether it would still have work to do with `entry`. */
  stillNeeded(entry: E): boolean;
  /** The caller goes on without the refresh when another holds the lease (no wait). */
  skipIfBusy?: boolean | undefined;
}

export interface AdoptionParams {
  connection: RedisConnection;
  leases: LeaseManager;
  /** The store's subscriptions (opened at the first busy lease). */
  watch(): TokenWatch;
}

/** Takes the lease or adopts a newer entry (see the module comment); bounded by `lockWaitMs`. */
export async function takeOrAdopt<E>(
  params: AdoptionParams,
  request: AdoptionRequest<E>,
): Promise<Acquired<E>> {
  const { connection, leases } = params;
  const { keys } = request;
  const { waitMs, ttlMs } = leases.timing;
  const deadline = Date.now() + waitMs;
  let delay = FIRST_POLL_MS;
  let triedSubscribing = false;
  for (;;) {
    const watch = params.watch();
    const since = watch.generation(keys.channel);
    const lease = leases.newLease(keys);
    const answer = await connection.command([
      "EVAL",
      ACQUIRE_LEASE,
      "2",
      keys.value,
      keys.lease,
      lease.token,
      String(ttlMs),
      request.seen(),
      keys.channel,
      publishCommand(connection),
    ]);
    const [kind, raw] = Array.isArray(answer) ? (answer as unknown[]) : [];
    if (kind === "taken") return { kind: "taken", lease };
    if (kind === "changed") {
      const entry = request.read(typeof raw === "string" ? raw : undefined);
      if (!request.stillNeeded(entry)) return { kind: "adopted", entry };
      // Still needed with the newer value: the next read goes for the lease over that one.
    } else if (kind !== "busy") throw new Error("unexpected answer from Redis to the lease script");
    const left = deadline - Date.now();
    if (left <= 0) throw lockTimeout(waitMs);
    if (kind !== "busy") continue;
    if (request.skipIfBusy === true) return { kind: "busy" };
    if (!triedSubscribing && !watch.watching(keys.channel)) {
      // Subscribed before the next read: a write after that read is announced, one before it is read.
      triedSubscribing = true;
      await watch.watch(keys.channel, Math.min(left, SUBSCRIBE_BOUND_MS));
      continue;
    }
    await watch.next(keys.channel, since, Math.min(delay, left));
    delay = Math.min(delay * 2, MAX_POLL_MS);
  }
}
