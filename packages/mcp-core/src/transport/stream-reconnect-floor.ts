/**
 * The floor under a stream's reconnection. The SDK restarts its attempt count each time a GET
 * stream opens and lets a server-sent `retry:` replace its delay, so a stream that opens and closes
 * at once with `retry: 0` is reopened hundreds of times a second. Our fetch asks a floor before
 * every GET of a stream (`get-stream-floors.ts` says which: the standalone notification stream has
 * one, each resumed response stream its own; a 2026-era `subscriptions/listen` stream has one too):
 * reopening soon after the last one opened counts as a quick drop, waits a doubling delay, and too
 * many quick drops in a row end the stream (and with it the session, which the connection then
 * restarts under its own bounded backoff). A response stream's floor counts its resumptions only
 * (its POST is not a GET), so its first resumption waits just the server's `retry:`.
 * @module
 */
import { backoffDelay } from "../timing/backoff.js";

/** The SDK's own reconnection options, passed whole (a partial object leaves fields undefined). */
export const SDK_RECONNECTION_OPTIONS = {
  initialReconnectionDelay: 500,
  maxReconnectionDelay: 5_000,
  reconnectionDelayGrowFactor: 2,
  maxRetries: 2,
} as const;

/** Tuning of {@link StreamReconnectFloor}. */
export interface StreamReconnectFloorOptions {
  /** A GET sent sooner than this after the previous one opened is a quick drop. */
  quickDropMs: number;
  /** Delay before reopening after the first quick drop; doubles per further quick drop. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Quick drops in a row after which the stream is given up. */
  maxQuickDrops: number;
}

/** 250 ms doubling to 5 s; the sixth quick reopen in a row (≈ 8 s of churn) gives up. */
const STREAM_RECONNECT_FLOOR: StreamReconnectFloorOptions = {
  quickDropMs: 1_000,
  initialDelayMs: 250,
  maxDelayMs: 5_000,
  maxQuickDrops: 5,
};

/** What to do before the next GET: wait `delayMs`, or give the stream up. */
export type StreamReconnectDecision = { delayMs: number } | { exhausted: true; quickDrops: number };

/** Per transport: decides the wait before each GET and when the stream has dropped too often. */
export class StreamReconnectFloor {
  private lastOpenedAt: number | undefined;
  private quickDrops = 0;

  constructor(private readonly options: StreamReconnectFloorOptions = STREAM_RECONNECT_FLOOR) {}

  /** Called before a GET is sent. */
  beforeGet(now: number = Date.now()): StreamReconnectDecision {
    const last = this.lastOpenedAt;
    if (last === undefined) return { delayMs: 0 };
    if (now - last >= this.options.quickDropMs) {
      this.quickDrops = 0;
      return { delayMs: 0 };
    }
    this.quickDrops++;
    if (this.quickDrops > this.options.maxQuickDrops)
      return { exhausted: true, quickDrops: this.quickDrops - 1 };
    return { delayMs: backoffDelay({ attempt: this.quickDrops, ...this.options }) };
  }

  /** Called when a GET answered or failed: the stream (if any) is open from now on. */
  afterGet(now: number = Date.now()): void {
    this.lastOpenedAt = now;
  }
}
