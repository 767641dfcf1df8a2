/**
 * Splits a child's stdout into newline-delimited JSON-RPC frames with a hard size bound. Unlike the
 * SDK's `ReadBuffer` (which throws past 10 MiB and copies the whole buffer on every chunk), an
 * oversized line is reported once and the rest of it is discarded as it arrives, so memory stays
 * bounded by `maxFrameBytes` whatever the server writes.
 * @module
 */

import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { parseJSONRPCMessage } from "@modelcontextprotocol/client";
import { refusedResponse } from "./refused-response.js";

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
          // A line within one chunk (the usual case) is read in place, without a copy.
          const line =
            this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.size);
          const frame = this.frame(line);
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
    let value: unknown;
    try {
      value = JSON.parse(text);
      return { kind: "message", message: plainResult(value) ?? parseJSONRPCMessage(value) };
    } catch {
      // An answer in an envelope the schema refuses still answers its request (`refused-response`).
      const response = refusedResponse(value);
      if (response) return { kind: "message", message: response };
      return { kind: "invalid", text: text.slice(0, this.sampleChars + 1) };
    }
  }
}

/**
 * The usual answer — `{"jsonrpc":"2.0","id":…,"result":{…}}` and nothing else, no `_meta` — checked
 * by hand: it is exactly what the JSON-RPC schema accepts as a result response, and the schema's
 * copy of it has the same content, so the schema (a union of four, most of a small call's cost in
 * this reader) is run only on everything else. The result itself is read where it is consumed.
 */
function plainResult(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  for (const key in message) if (key !== "jsonrpc" && key !== "id" && key !== "result") return undefined;
  const { id, result } = message;
  if (message.jsonrpc !== "2.0") return undefined;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (typeof result !== "object" || result === null || Array.isArray(result) || "_meta" in result) {
    return undefined;
  }
  return message as JSONRPCMessage;
}
