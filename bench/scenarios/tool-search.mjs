// Tool search (issue #18), kept from the earlier bench: bench/tool-search.mjs runs in its own
// process over the catalog fixture and this scenario turns its figures into rows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runScript } from "../lib/run-script.mjs";

const OURS = "toolnexus core";

export default {
  id: "tool-search",
  title: "5b. Tool search and deferred loading",
  description: `Over the catalog fixture (10 servers × 50 tools, ours only: the peers have no tool search):
the tool-definition bytes the model receives per step with deferred loading (\`mcp_search_tools\` /
\`mcp_load_tools\`, the larger of the first step and the step after loading 3 tools) against all 500
definitions; recall@1 and @3 of \`source.searchTools\` over the catalog's query set; lazy servers
spawned before and after the first call of a loaded tool. One run (the figures are counts, not times,
except the per-query search time). Details: \`bench/tool-search.mjs\`, \`bench/tool-search-results.json\`.`,
  async run({ workDir, log }) {
    const out = join(workDir, "tool-search.json");
    await runScript(new URL("../tool-search.mjs", import.meta.url), ["--out", out], { timeoutMs: 120_000 });
    const r = JSON.parse(readFileSync(out, "utf8"));
    log(`deferred ratio ${r.bytesPerStep.ratio}, recall@3 ${r.recall?.recallAt3}`);
    const deferredBytes = Math.max(...(r.bytesPerStep.deferred ?? []).map((s) => s.bytes));
    const row = (metric, unit, value) => ({ contender: OURS, metric, unit, samples: [value] });
    return [
      row("tool-definition bytes per step, not deferred", "bytes", r.bytesPerStep.notDeferred),
      row("tool-definition bytes per step, deferred (larger step)", "bytes", deferredBytes),
      row("deferred ÷ not deferred", "ratio", r.bytesPerStep.ratio),
      row("searchTools recall@1", "fraction", r.recall.recallAt1),
      row("searchTools recall@3", "fraction", r.recall.recallAt3),
      row("searchTools time per query", "ms", r.recall.msPerQuery),
      row("lazy servers spawned before the loaded tool's call", "processes", r.lazy.spawnsBeforeCall),
      row("lazy servers spawned after it", "processes", r.lazy.spawnsAfterCall),
    ];
  },
  targets(summary) {
    const value = (metric) => summary.get(OURS, metric)?.median;
    const ratio = value("deferred ÷ not deferred");
    const at1 = value("searchTools recall@1");
    const at3 = value("searchTools recall@3");
    const before = value("lazy servers spawned before the loaded tool's call");
    const after = value("lazy servers spawned after it");
    return [
      {
        text: "deferred tool definitions ≤ 10 % of all",
        met: ratio <= 0.1,
        detail: `${(ratio * 100).toFixed(1)} %`,
      },
      { text: "recall@1 ≥ 0.7", met: at1 >= 0.7, detail: at1?.toFixed(2) },
      { text: "recall@3 ≥ 0.9", met: at3 >= 0.9, detail: at3?.toFixed(2) },
      {
        text: "0 lazy servers spawned before the loaded tool's call, exactly 1 after",
        met: before === 0 && after === 1,
        detail: `${before} before, ${after} after`,
      },
    ];
  },
};
