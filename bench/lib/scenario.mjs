/**
 * The contract between the harness (`bench/run.mjs`) and a scenario module
 * (`bench/scenarios/<id>.mjs`, default export). Types only, plus a small checker the harness and
 * the smoke test use.
 *
 * A scenario measures; the harness summarizes (median, p99, min–max over `samples`), orders the
 * contenders, renders the markdown table and writes `results.json`. A scenario never prints
 * tables or computes medians itself.
 *
 * ```js
 * // bench/scenarios/my-scenario.mjs
 * export default {
 *   id: "my-scenario",
 *   title: "3. Crash recovery",
 *   description: "What is measured, how, and why (markdown).",
 *   async run({ quick, log }) {
 *     return [
 *       { contender: "toolnexus core", metric: "time to first success", unit: "ms", samples: [812, 790] },
 *       { contender: "@ai-sdk/mcp", metric: "time to first success", unit: "ms", samples: [],
 *         never: "no reconnect: the held tool stays dead (@ai-sdk/mcp 1.0.102)" },
 *     ];
 *   },
 *   targets(summary) {
 *     const ours = summary.get("toolnexus core", "time to first success");
 *     return [{ text: "held tool back within 1.5 s", met: ours.median <= 1500, detail: `${ours.median} ms` }];
 *   },
 * };
 * ```
 *
 * @module
 */

/**
 * @typedef {object} ScenarioContext
 * @property {boolean} quick  `--quick`: fewer iterations (3 instead of ≥ 7) and smaller scales;
 *   the whole quick run must stay under a minute.
 * @property {(line: string) => void} log  progress lines (stderr); keep them short
 * @property {string} workDir  a scratch directory for this scenario (removed after the run)
 * @property {number} iterations  the harness's iteration count for per-process samples (7, or 3 with `--quick`)
 */

/**
 * One measured series: a contender, a metric and its samples (one number per iteration). A
 * contender that cannot do what is measured gives `samples: []` and `never: "<why>"` — a reason
 * stated as an API fact with the version (e.g. "no restart option (@ai-sdk/mcp 1.0.102)").
 * @typedef {object} Row
 * @property {string} contender  a contender name from `contenders.mjs` (or a label such as "toolnexus core, lazy slow server")
 * @property {string} metric  what was measured, e.g. "sequential call", "wall time 1 000 concurrent"
 * @property {string} unit  "ms", "µs", "MiB", "calls/s", "processes"…
 * @property {number[]} samples
 * @property {string} [never]  set when `samples` is empty on purpose
 * @property {boolean} [p99]  also show the 99th percentile (per-call latencies)
 * @property {boolean} [higherIsBetter]  e.g. throughput; flips the ratio's reading
 * @property {string} [note]  a short remark printed under the table
 */

/**
 * What the harness computed for one row.
 * @typedef {object} RowSummary
 * @property {string} contender
 * @property {string} metric
 * @property {string} unit
 * @property {number} n  number of samples
 * @property {number} [median]
 * @property {number} [p99]
 * @property {number} [min]
 * @property {number} [max]
 * @property {number} [ratio]  median / the raw SDK Client's median of the same metric (when it has one)
 * @property {string} [never]
 */

/**
 * Look-up over a scenario's summarized rows, handed to `targets()`.
 * @typedef {object} Summary
 * @property {(contender: string, metric: string) => RowSummary | undefined} get
 * @property {readonly RowSummary[]} rows
 */

/**
 * A target of the issue and whether this run met it. Misses are reported, never hidden.
 * @typedef {object} TargetResult
 * @property {string} text  the target, e.g. "per-call overhead ≤ 1.05 × raw through the core"
 * @property {boolean} met
 * @property {string} detail  the measured figure, e.g. "1.21 ×"
 */

/**
 * A scenario module's default export.
 * @typedef {object} Scenario
 * @property {string} id  the file name without `.mjs`; `--only <id>` runs just this one
 * @property {string} title  the table's heading, e.g. "1. Cold start"
 * @property {string} description  markdown: what is measured, how, and why it matters
 * @property {(context: ScenarioContext) => Promise<Row[]>} run
 * @property {(summary: Summary) => TargetResult[]} [targets]
 */

/**
 * Problems with a scenario's rows (empty when they are fine): a row with neither samples nor a
 * `never` reason, a non-finite sample, a missing field.
 * @param {unknown[]} rows
 * @returns {string[]}
 */
export function rowProblems(rows) {
  if (!Array.isArray(rows)) return ["run() did not resolve with an array of rows"];
  const problems = [];
  rows.forEach((row, i) => {
    const at = `row ${i} (${row?.contender} / ${row?.metric})`;
    for (const field of ["contender", "metric", "unit"]) {
      if (typeof row?.[field] !== "string" || row[field] === "") problems.push(`${at}: no ${field}`);
    }
    if (!Array.isArray(row?.samples)) problems.push(`${at}: samples is not an array`);
    else if (row.samples.some((x) => typeof x !== "number" || !Number.isFinite(x)))
      problems.push(`${at}: a sample is not a finite number`);
    else if (row.samples.length === 0 && !row.never) problems.push(`${at}: no samples and no "never" reason`);
  });
  return problems;
}
