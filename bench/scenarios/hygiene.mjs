// Scenario 6: process hygiene. What each contender leaves running after close, and how long its
// close takes when one server ignores SIGTERM and the end of its stdin.
import { hostileServer, stdioServer } from "@toolnexus/fixtures";
import { runChild } from "../lib/child.mjs";
import { BASELINE } from "../lib/contenders.mjs";

const CHILD = new URL("../lib/child-hygiene.mjs", import.meta.url);
const CORE = "toolnexus core";
const CONTENDERS = [CORE, BASELINE, "@ai-sdk/mcp", "@langchain/mcp-adapters"];
const CLOSE = "close time, one server ignoring SIGTERM and stdin EOF";
const NOW = "survivors right after close";
const LATER = "survivors 1 s after close";

export default {
  id: "hygiene",
  title: "6. Process hygiene",
  description: `Each sample is a fresh Node process (\`lib/child-hygiene.mjs\`) that connects the
contender to three stdio servers — two \`basic\` fixtures and the hostile \`ignore-sigterm\` mode,
which ignores SIGTERM, SIGINT, SIGHUP and the end of its stdin (only SIGKILL ends it) — reads every
process below itself from \`/proc\`, calls \`close()\`, and counts which of those processes still run
right after \`close()\` resolves and 1 s later. A survivor is a process the host leaks: it outlives
its client (the harness SIGKILLs it afterwards). Close time is capped at 15 s (a close still pending
then counts as 15 s, noted below the table); the count 1 s later is skipped when none survived
close (an ended process does not come back) and taken early once every one has ended. Our adapters
share the core's close and are not repeated. 7 iterations (\`--quick\`: 3); within an iteration
the four contenders' processes run at the same time (each counts only the processes below itself,
and a close time here is its kill timers, not CPU).`,
  async run({ iterations, log }) {
    const servers = {
      ok0: stdioServer("basic"),
      ok1: stdioServer("basic"),
      stubborn: hostileServer("ignore-sigterm"),
    };
    const rows = new Map(
      CONTENDERS.map((name) => [
        name,
        {
          close: { contender: name, metric: CLOSE, unit: "ms", samples: [] },
          now: { contender: name, metric: NOW, unit: "processes", samples: [] },
          later: { contender: name, metric: LATER, unit: "processes", samples: [] },
        },
      ]),
    );
    for (let it = 0; it < iterations; it++) {
      const results = await Promise.all(CONTENDERS.map((name) => runChild(CHILD, { name, servers })));
      for (const [i, name] of CONTENDERS.entries()) {
        const r = results[i];
        const row = rows.get(name);
        row.close.samples.push(r.closeMs);
        if (r.closeHung)
          row.close.note = `${name}: close() had not resolved after 15 s in at least one sample`;
        row.now.samples.push(r.survivorsNow);
        row.later.samples.push(r.survivorsLater);
      }
      log(`iteration ${it + 1}/${iterations}`);
    }
    return [...rows.values()].flatMap((r) => [r.close, r.now, r.later]);
  },
  targets(summary) {
    const later = summary.get(CORE, LATER);
    const now = summary.get(CORE, NOW);
    return [
      {
        text: "0 survivors after close (ours, every sample, right after close resolves)",
        met: now?.max === 0,
        detail: now ? `at most ${now.max} right after close, ${later?.max} 1 s later` : "no figure",
      },
    ];
  },
};
