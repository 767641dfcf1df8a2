/** Keeps the last `maxBytes` of a child's stderr so a chatty server never blocks on a full pipe. */
export class StderrTail {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly maxBytes = 16 * 1024) {}

  append(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.maxBytes && this.chunks.length > 1) {
      this.size -= this.chunks.shift()?.length ?? 0;
    }
    if (this.size > this.maxBytes) {
      const only = this.chunks[0] as Buffer;
      this.chunks = [only.subarray(only.length - this.maxBytes)];
      this.size = this.maxBytes;
    }
  }

  /** The last `lines` lines, trimmed. */
  text(lines = 20): string {
    const all = Buffer.concat(this.chunks).toString("utf8").split(/\r?\n/);
    return all
      .filter((line) => line.trim() !== "")
      .slice(-lines)
      .join("\n");
  }
}
