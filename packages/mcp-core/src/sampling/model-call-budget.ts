/**
 * A sampling handler's budget of calls to the host's model: a count a minute per server and one
 * across every server the handler answers, each a {@link SamplingRate} window. An adapter takes
 * from it at every call that reaches the provider (each retry is one), so a retrying SDK cannot
 * multiply what a server may spend.
 * @module
 */
import { SamplingRate } from "./sampling-rate.js";
import { SamplingRefusal } from "./sampling-refusal.js";

/** The limits of a {@link ModelCallBudget}. */
export interface ModelCallLimits {
  /** Calls one server may cause in a minute. */
  perServer: number;
  /** Calls every server together may cause in a minute. */
  total: number;
}

/** Per-server and host-wide call windows; `now` is injectable for the arithmetic's tests. */
export class ModelCallBudget {
  private readonly servers = new Map<string, SamplingRate>();
  private readonly total: SamplingRate;

  constructor(
    private readonly limits: ModelCallLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.total = new SamplingRate(limits.total, now);
  }

  /**
   * Counts one call for `server`.
   * @returns undefined when it may go on, else the refusal to throw (with a warning for the first
   *   refusal of its window). A call its server's window refuses is not counted in the total.
   */
  take(server: string): SamplingRefusal | undefined {
    let rate = this.servers.get(server);
    if (rate === undefined) {
      rate = new SamplingRate(this.limits.perServer, this.now);
      this.servers.set(server, rate);
    }
    const own = rate.take();
    if (own !== "allowed") {
      const limit = this.limits.perServer;
      return new SamplingRefusal(
        `Too many calls to the host's model: at most ${limit} a minute per server`,
        own === "first-refusal"
          ? `more than ${limit} calls to the host's model in a minute; refusing the rest of it`
          : undefined,
      );
    }
    const all = this.total.take();
    if (all === "allowed") return undefined;
    const limit = this.limits.total;
    return new SamplingRefusal(
      `Too many calls to the host's model: at most ${limit} a minute in all`,
      all === "first-refusal"
        ? `more than ${limit} calls to the host's model in a minute from all servers; refusing the rest of it`
        : undefined,
    );
  }
}
