/**
 * Splits a child's stderr into lines with a hard bound: a line longer than `maxLineBytes` is cut
 * there (with {@link LINE_CUT_MARKER}) and the rest of it is skipped as it arrives, so a server
 * writing one endless line holds at most `maxLineBytes` of memory.
 * @module
 */

/** Appended to a line that was cut at the bound. */
export const LINE_CUT_MARKER = " …[line cut by toolnexus-mcp]";

const NEWLINE = 0x0a;

export class StderrLines {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Inside a line already cut: skip bytes until its newline. */
  private skipping = false;

  constructor(private readonly maxLineBytes: number) {}

  /** Feeds one chunk; returns the non-blank lines it completed (or cut), in order. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!this.skipping) {
        const room = this.maxLineBytes - this.size;
        const take = Math.min(room, end - start);
        this.chunks.push(chunk.subarray(start, start + take));
        this.size += take;
        if (end - start > room) {
          this.emit(lines, LINE_CUT_MARKER);
          this.skipping = newline === -1;
        } else if (newline !== -1) this.emit(lines, "");
      } else if (newline !== -1) this.skipping = false;
      if (newline === -1) break;
      start = newline + 1;
    }
    return lines;
  }

  private emit(lines: string[], suffix: string): void {
    const text = Buffer.concat(this.chunks, this.size).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.size = 0;
    if (text.trim() !== "") lines.push(text + suffix);
  }
}
