import { printableSample } from "../printable-sample.js";

/** A burst ends once the server has written no unparseable line for this long. */
export const NOISE_QUIET_MS = 10_000;

/**
 * Keeps track of stdout lines that are not JSON-RPC: the first one (for a start error that would
 * otherwise only say "timed out") and one warning per burst, so a server printing logs to stdout
 * is reported without flooding the host's warnings.
 */
export class StdoutNoise {
  private first: string | undefined;
  private lastAt: number | undefined;

  constructor(
    private readonly report: (sample: string) => void,
    private readonly sampleChars = 200,
  ) {}

  /** The first unparseable line seen, escaped and bounded; undefined while stdout was clean. */
  get firstSample(): string | undefined {
    return this.first;
  }

  skip(text: string, now = Date.now()): void {
    const sample = printableSample(text, this.sampleChars);
    this.first ??= sample;
    const newBurst = this.lastAt === undefined || now - this.lastAt >= NOISE_QUIET_MS;
    this.lastAt = now;
    if (newBurst) this.report(sample);
  }
}
