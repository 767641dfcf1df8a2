/**
 * A stdio client transport that, unlike the SDK's, runs the server in its own process group,
 * always drains stderr into a bounded tail, stops the whole group (SIGTERM, then SIGKILL), and
 * bounds both directions: a stdout line over `maxFrameBytes` ends the session instead of throwing
 * on the host, and no more than `maxFrameBytes` wait in the pipe to a child that does not read.
 * @module
 */
import type { ChildProcess } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { serializeMessage } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";
import { MAX_STDERR_LINE_BYTES } from "../logs/server-output.js";
import { StderrLines } from "../logs/stderr-lines.js";
import { killGroup } from "./child-registry.js";
import { LineReader } from "./line-reader.js";
import { type ChildLaunch, spawnChild, type WatchedChild } from "./spawn-child.js";
import { StderrTail } from "./stderr-tail.js";
import { StdoutNoise } from "./stdout-noise.js";

/** What to spawn. `env` is the complete child environment (already scoped). */
export interface ChildProcessParams {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string | undefined;
  /** Milliseconds between SIGTERM and SIGKILL. */
  killGraceMs: number;
  /** The running child holds the host process open; else it is unref'd (`keepAlive`). */
  keepAlive: boolean;
  /** The longest stdout line accepted, and the most bytes queued to a child's stdin. */
  maxFrameBytes: number;
  /** The server's name, for error messages. */
  server: string;
  /** Receives each stderr line (cut at `MAX_STDERR_LINE_BYTES`); the bounded tail is kept either way. */
  onStderrLine?: ((line: string) => void) | undefined;
  /** Receives the first bytes of each burst of stdout lines that are not JSON-RPC. */
  onStdoutNoise: ((sample: string) => void) | undefined;
  /** The child runs: its pid, known before any message is exchanged. */
  onSpawned?: ((pid: number) => void) | undefined;
  /** A child already spawned for this launch, if there is one to adopt (`early-spawns.ts`). */
  adopt?: ((launch: ChildLaunch) => WatchedChild | undefined) | undefined;
}

export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly stderr = new StderrTail();
  private child: ChildProcess | undefined;
  readonly stdoutNoise: StdoutNoise;
  private readonly reader: LineReader;
  private exited: Promise<void> | undefined;
  private streamsClosed: Promise<void> | undefined;
  private closing = false;
  private fatal: McpCoreError | undefined;

  constructor(private readonly params: ChildProcessParams) {
    this.reader = new LineReader(params.maxFrameBytes);
    this.stdoutNoise = new StdoutNoise((sample) => params.onStdoutNoise?.(sample));
  }

  /** Why the transport ended the session itself (an oversized frame), if it did. */
  get fatalError(): McpCoreError | undefined {
    return this.fatal;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the child ended, once it has: `exited with code 3`, `was killed by signal SIGKILL`. */
  get exitStatus(): string | undefined {
    const child = this.child;
    if (child?.signalCode) return `was killed by signal ${child.signalCode}`;
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      return `exited with code ${child.exitCode}`;
    return undefined;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error("ChildProcessTransport already started");
    const { command, args, env, cwd, keepAlive } = this.params;
    const launch = { command, args, env, cwd };
    const watched = this.params.adopt?.(launch) ?? spawnChild(launch, keepAlive);
    const { child } = watched;
    this.child = child;
    this.exited = watched.exited;
    this.streamsClosed = watched.closed;
    try {
      await watched.spawned;
    } catch (error) {
      this.onerror?.(error as Error);
      throw error;
    }
    if (child.pid !== undefined) this.params.onSpawned?.(child.pid);
    // Errors after the spawn (a kill that failed) are reported, as the client expects of a transport.
    child.on("error", (error) => this.onerror?.(error));
    void watched.exited.then(() => this.onclose?.());
    const { onStderrLine } = this.params;
    const lines = onStderrLine && new StderrLines(MAX_STDERR_LINE_BYTES);
    // An adopted child's output waited in its paused streams: nothing it wrote is lost.
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr.append(chunk);
      if (lines) for (const line of lines.push(chunk)) onStderrLine?.(line);
    });
    child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      stream?.on("error", (error) => {
        if (!this.closing) this.onerror?.(error);
      });
    }
  }

  private receive(chunk: Buffer): void {
    if (this.fatal) return;
    for (const frame of this.reader.push(chunk)) {
      if (frame.kind === "oversized") {
        this.oversized(frame.bytes);
        return;
      }
      // A line that is not JSON-RPC (a server printing to stdout) is skipped and reported.
      if (frame.kind === "invalid") this.stdoutNoise.skip(frame.text);
      else {
        try {
          this.onmessage?.(frame.message);
        } catch (error) {
          // Nothing a server sends may throw on the host, whatever a handler does with it.
          this.onerror?.(error as Error);
        }
      }
    }
  }

  /** An oversized line ends the session: calls fail with FRAME_TOO_LARGE, the child is stopped. */
  private oversized(bytes: number): void {
    const { server, maxFrameBytes } = this.params;
    this.fatal = new McpCoreError(
      "FRAME_TOO_LARGE",
      `MCP server "${server}" sent a message larger than maxFrameBytes (${maxFrameBytes} bytes; at least ${bytes} seen)`,
      { server },
    );
    this.reader.clear();
    this.onerror?.(this.fatal);
    void this.close();
  }

  /** Waits (at most `ms`) until stdout and stderr are read to the end, so the stderr tail is complete. */
  async drained(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    // Ref'd: this wait is part of a start a caller awaits, and must keep the host alive until it ends.
    await Promise.race([this.streamsClosed, new Promise((done) => (timer = setTimeout(done, ms)))]);
    clearTimeout(timer);
  }

  /**
   * Queues one message. A child that does not read (stopped, hung) must not make the host buffer
   * without end: past `maxFrameBytes` already queued the send fails with STDIN_BACKLOG_FULL.
   */
  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.fatal) return Promise.reject(this.fatal);
    if (!stdin || stdin.destroyed) return Promise.reject(new Error("Not connected"));
    const frame = serializeMessage(message);
    const queued = stdin.writableLength;
    if (queued > 0 && queued + Buffer.byteLength(frame, "utf8") > this.params.maxFrameBytes) {
      const { server, maxFrameBytes } = this.params;
      return Promise.reject(
        new McpCoreError(
          "STDIN_BACKLOG_FULL",
          `MCP server "${server}" is not reading its input: ${queued} bytes are still queued (limit maxFrameBytes = ${maxFrameBytes})`,
          { server },
        ),
      );
    }
    // Accepted once queued: the bound above, not a wait for "drain", is what limits the backlog.
    stdin.write(frame, "utf8");
    return Promise.resolve();
  }

  /** Ends stdin, sends SIGTERM to the group, and SIGKILL after the grace period. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.closing) return this.exited;
    this.closing = true;
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      // Held while it dies, so a host awaiting close() does not exit with the child still up.
      child.ref();
      child.stdin?.end();
      killGroup(child.pid, "SIGTERM");
      const timer = setTimeout(() => {
        if (child.pid !== undefined) killGroup(child.pid, "SIGKILL");
      }, this.params.killGraceMs);
      timer.unref();
      await this.exited;
      clearTimeout(timer);
    }
    this.reader.clear();
  }
}
