/**
 * What one server says besides its results — `notifications/message` and stdio stderr lines — on
 * its way to the host: below the minimum level dropped, over the rate cap counted and dropped,
 * redacted and bounded. Whatever the server sends, this holds a few numbers and one timer.
 * @module
 */
import type { Redactor } from "../redact/redactor.js";
import { atLeast, isMcpLogLevel, type McpLogLevel, moreSevere } from "./log-level.js";
import { type ServerLogMessage, type StderrLineInfo, serverLogMessage } from "./log-message.js";
import { RateGate, type RateLimit } from "./rate-gate.js";

/**
 * Per server and per kind (log messages, stderr lines): a burst of 100, then 50 a second. What is
 * dropped past it is reported once per {@link SUMMARY_INTERVAL_MS}.
 */
export const OUTPUT_RATE_LIMIT: Readonly<RateLimit> = Object.freeze({ burst: 100, perSecond: 50 });
/** At most one "dropped" summary per kind this often, sent once dropping began. */
export const SUMMARY_INTERVAL_MS = 1000;
/** The longest stderr line delivered, in bytes; a longer one is cut (`LINE_CUT_MARKER`). */
export const MAX_STDERR_LINE_BYTES = 4096;
/** The `logger` of the summaries the core sends. */
export const SUMMARY_LOGGER = "toolnexus-mcp";

/** Where one server's output goes, and the least severe log level delivered. */
export interface ServerOutputSinks {
  minLevel: McpLogLevel;
  onLog: (server: string, message: ServerLogMessage) => void;
  onStderr: (server: string, line: string, info?: StderrLineInfo) => void;
}

/** Drops counted since the last summary of one kind. */
class DropCount {
  count = 0;
  worst: McpLogLevel = "debug";
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class ServerOutput {
  private readonly logGate: RateGate;
  private readonly stderrGate: RateGate;
  private readonly droppedLogs = new DropCount();
  private readonly droppedLines = new DropCount();
  private closed = false;

  constructor(
    private readonly server: string,
    private readonly sinks: ServerOutputSinks,
    private readonly redactor: Redactor,
    now: () => number = Date.now,
  ) {
    this.logGate = new RateGate(OUTPUT_RATE_LIMIT, now);
    this.stderrGate = new RateGate(OUTPUT_RATE_LIMIT, now);
  }

  /** The level servers are asked for (2025 era: `logging/setLevel`; modern: each request's `_meta`). */
  get minLevel(): McpLogLevel {
    return this.sinks.minLevel;
  }

  /** One `notifications/message` params object, as the server sent it. */
  log(params: unknown): void {
    const level = (params as { level?: unknown } | null)?.level;
    // A server that ignores the level it was asked for is filtered here.
    if (this.closed || !isMcpLogLevel(level) || !atLeast(level, this.sinks.minLevel)) return;
    if (!this.logGate.admit()) {
      this.drop(this.droppedLogs, level);
      return;
    }
    const message = serverLogMessage(params, this.redactor);
    if (message) this.sinks.onLog(this.server, message);
  }

  /** One complete (or cut) stderr line. */
  stderrLine(line: string): void {
    if (this.closed) return;
    if (this.stderrGate.admit()) this.sinks.onStderr(this.server, this.redactor.redact(line));
    else this.drop(this.droppedLines, "debug");
  }

  private drop(drops: DropCount, level: McpLogLevel): void {
    drops.count++;
    drops.worst = moreSevere(drops.worst, level);
    if (drops.timer) return;
    drops.timer = setTimeout(() => this.summarize(drops), SUMMARY_INTERVAL_MS);
    drops.timer.unref?.();
  }

  private summarize(drops: DropCount): void {
    const { count, worst } = drops;
    drops.count = 0;
    drops.worst = "debug";
    drops.timer = undefined;
    if (this.closed || count === 0) return;
    const limit = `over ${OUTPUT_RATE_LIMIT.perSecond} a second after a burst of ${OUTPUT_RATE_LIMIT.burst}`;
    if (drops === this.droppedLines) {
      this.sinks.onStderr(this.server, `[toolnexus-mcp] ${count} stderr lines dropped (${limit})`);
      return;
    }
    this.sinks.onLog(this.server, {
      level: worst,
      logger: SUMMARY_LOGGER,
      data: `${count} log messages dropped (${limit})`,
      dropped: count,
    });
  }

  /** Ends delivery; a pending summary is discarded. */
  close(): void {
    this.closed = true;
    for (const drops of [this.droppedLogs, this.droppedLines]) clearTimeout(drops.timer);
  }
}
