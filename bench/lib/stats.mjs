/**
 * Summaries of a scenario's rows: median, p99, min–max and the ratio to the raw SDK Client.
 * @module
 */
import { BASELINE } from "./contenders.mjs";

/** The value at quantile `q` (0–1) of sorted `xs`, nearest rank. */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The median of `xs` (mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Summarizes rows (see `scenario.mjs`): each gets `n`, `median`, `min`, `max`, `p99` when asked, and
 * `ratio` = its median / the baseline's median of the same metric.
 * @param {import("./scenario.mjs").Row[]} rows
 * @returns {import("./scenario.mjs").Summary}
 */
export function summarize(rows) {
  const summaries = rows.map((row) => {
    const { samples, ...rest } = row;
    const out = { ...rest, n: samples.length };
    if (samples.length > 0) {
      const sorted = [...samples].sort((a, b) => a - b);
      out.median = median(sorted);
      out.min = sorted[0];
      out.max = sorted.at(-1);
      if (row.p99) out.p99 = quantile(sorted, 0.99);
    }
    return out;
  });
  for (const s of summaries) {
    const base = summaries.find((b) => b.contender === BASELINE && b.metric === s.metric);
    if (base?.median > 0 && s.median !== undefined) s.ratio = s.median / base.median;
  }
  return {
    rows: summaries,
    get: (contender, metric) => summaries.find((s) => s.contender === contender && s.metric === metric),
  };
}
