/**
 * A stdio client transport that, unlike the SDK's, runs the server in its own process group,
 * always drains stderr into a bounded tail, and stops the whole group (SIGTERM, then SIGKILL).
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { killGroup, releaseChildGroup, trackChildGroup } from "./child-registry.js";
import { StderrTail } from "./stderr-tail.js";

/** What to spawn. `env` is the complete child environment (already scoped). */
export interface ChildProcessParams {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Milliseconds between SIGTERM and SIGKILL. */
  killGraceMs: number;
}

export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly stderr = new StderrTail();
  private child?: ChildProcess;
  private readonly readBuffer = new ReadBuffer();
  private exited?: Promise<void>;
  private streamsClosed?: Promise<void>;
  private closing = false;

  constructor(private readonly params: ChildProcessParams) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ChildProcessTransport already started");
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: this.params.env,
        cwd: this.params.cwd,
        stdio: ["pipe", "pipe", "pipe"],
        // Its own process group, so stop reaches grandchildren started through npx or a shell.
        detached: process.platform !== "win32",
        windowsHide: true,
        shell: false,
      });
      this.child = child;
      // "exit", not "close": a grandchild holding stdout open must not hide the leader's death.
      this.exited = new Promise((done) => child.once("exit", () => done()));
      this.streamsClosed = new Promise((done) => child.once("close", () => done()));
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => {
        if (child.pid !== undefined) trackChildGroup(child.pid);
        resolve();
      });
      child.once("exit", () => {
        if (child.pid !== undefined) {
          // The leader is gone; members it left behind must not outlive it.
          killGroup(child.pid, "SIGKILL");
          releaseChildGroup(child.pid);
        }
        this.onclose?.();
      });
      child.stderr?.on("data", (chunk: Buffer) => this.stderr.append(chunk));
      child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
      for (const stream of [child.stdin, child.stdout, child.stderr]) {
        stream?.on("error", (error) => {
          if (!this.closing) this.onerror?.(error);
        });
      }
      // The host must be able to exit while a server runs; close() and the exit hook clean up.
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr]) {
        (stream as unknown as { unref?: () => void } | null)?.unref?.();
      }
    });
  }

  private receive(chunk: Buffer): void {
    this.readBuffer.append(chunk);
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.readBuffer.readMessage();
      } catch (error) {
        // A line that is not JSON-RPC (a server printing to stdout) is reported and skipped.
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) break;
      this.onmessage?.(message);
    }
  }

  /** Waits (at most `ms`) until stdout and stderr are read to the end, so the stderr tail is complete. */
  async drained(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.streamsClosed,
      new Promise((done) => {
        timer = setTimeout(done, ms);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) {
        reject(new Error("Not connected"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
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
    this.readBuffer.clear();
  }
}
