/**
 * Splits a child's stdout into newline-delimited JSON-RPC frames with a hard size bound. Unlike the
 * SDK's `ReadBuffer` (which throws past 10 MiB and copies the whole buffer on every chunk), an
 * oversized line is reported once and the rest of it is discarded as it arrives, so memory stays
 * bounded by `maxFrameBytes` whatever the server writes.
 * @module
 */

import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { deserializeMessage } from "@modelcontextprotocol/client";

/** What a complete (or over-long) line turned out to be. */
export type StdoutFrame =
  | { kind: "message"; message: JSONRPCMessage }
  /** A line that is not a JSON-RPC message; `text` is at most `sampleChars` of it. */
  | { kind: "invalid"; text: string }
  /** A line that grew past the bound; its rest is skipped up to the next newline. */
  | { kind: "oversized"; bytes: number };

const NEWLINE = 0x0a;

export class LineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Inside an oversized line: drop bytes until its newline. */
  private discarding = false;

  constructor(
    private readonly maxFrameBytes: number,
    private readonly sampleChars = 200,
  ) {}

  /** Feeds one chunk; returns the frames it completed, in order. */
  push(chunk: Buffer): StdoutFrame[] {
    const frames: StdoutFrame[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.discarding) {
        if (newline !== -1) this.discarding = false;
      } else if (this.size + (end - start) > this.maxFrameBytes) {
        frames.push({ kind: "oversized", bytes: this.size + (end - start) });
        this.clear();
        this.discarding = newline === -1;
      } else {
        this.chunks.push(chunk.subarray(start, end));
        this.size += end - start;
        if (newline !== -1) {
          const frame = this.frame(Buffer.concat(this.chunks, this.size));
          this.clear();
          if (frame) frames.push(frame);
        }
      }
      if (newline === -1) break;
      start = newline + 1;
    }
    return frames;
  }

  /** Drops whatever part of a line is held. */
  clear(): void {
    this.chunks = [];
    this.size = 0;
  }

  private frame(line: Buffer): StdoutFrame | undefined {
    const text = line.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return undefined;
    try {
      return { kind: "message", message: deserializeMessage(text) };
    } catch {
      return { kind: "invalid", text: text.slice(0, this.sampleChars + 1) };
    }
  }
}

/** Up to `maxChars` of untrusted output, control characters escaped, `…` when cut. */
export function printableSample(text: string, maxChars = 200): string {
  const cut = text.length > maxChars;
  const shown = cut ? text.slice(0, maxChars) : text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
  const escaped = shown.replace(/[\u0000-\u001f\u007f]/g, (c) => {
    const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    return named[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
  return cut ? `${escaped}…` : escaped;
}
