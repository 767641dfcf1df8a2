// Scenario 2: what one tool call costs through each contender's own call path, sequential and
// concurrent, against the raw SDK Client on the same kind of server.
import { stdioServer } from "@toolnexus/fixtures";
import { CONTENDERS } from "../lib/contenders.mjs";

const OURS_CORE = "toolnexus core";
const ADAPTERS = ["toolnexus AI SDK adapter", "toolnexus LangChain adapter"];
const SEQ = "sequential call";
const WALL = "wall time of the concurrent batch";
const RATE = "concurrent throughput";

export default {
  id: "call-overhead",
  title: "2. Call overhead",
  description: `Each contender holds its own \`basic\` fixture server over stdio (one process each, all
running at once) and calls \`echo\` through its own public path: the core's \`McpTool.execute\`, the
AI SDK adapter's \`execute\`, the LangChain adapter's \`invoke\` with a tool call (what a ToolNode does),
the raw SDK \`client.callTool\`, \`@ai-sdk/mcp\`'s tool \`execute\`, \`@langchain/mcp-adapters\`' tool
\`invoke\`. Sequential: 2 000 calls per contender in rounds of 200, the contenders interleaved round
by round after 50 warm-up calls each; every call's latency is a sample (median and p99). Concurrent:
1 000 calls started at once (\`Promise.all\`), wall time per batch, 7 batches per contender,
interleaved; throughput = calls ÷ wall time. The server's own work is the same for everyone, so the
ratio to the raw client is the client-side overhead. \`--quick\`: 400 sequential, 200 concurrent.`,
  async run({ quick, log, iterations }) {
    const seqRounds = quick ? 2 : 10;
    const perRound = quick ? 100 : 200;
    const concurrent = quick ? 100 : 1000;
    const held = [];
    try {
      for (const c of CONTENDERS) {
        const conn = await c.connect({ basic: stdioServer("basic") });
        held.push({ c, conn, echo: conn.tools().get("basic/echo"), seq: [], wall: [] });
      }
      for (const h of held) for (let i = 0; i < 50; i++) await h.echo({ text: "warm" });
      for (let round = 0; round < seqRounds; round++) {
        for (const h of held) {
          for (let i = 0; i < perRound; i++) {
            const t0 = performance.now();
            await h.echo({ text: `r${round}c${i}` });
            h.seq.push(performance.now() - t0);
          }
        }
      }
      log(`sequential done (${seqRounds * perRound} calls each)`);
      for (let it = 0; it < iterations; it++) {
        for (const h of held) {
          const t0 = performance.now();
          await Promise.all(Array.from({ length: concurrent }, (_, i) => h.echo({ text: `c${i}` })));
          h.wall.push(performance.now() - t0);
        }
      }
      log(`concurrent done (${iterations} × ${concurrent})`);
    } finally {
      await Promise.allSettled(held.map((h) => h.conn.close()));
    }
    return held.flatMap((h) => [
      { contender: h.c.name, metric: SEQ, unit: "ms", samples: h.seq, p99: true },
      { contender: h.c.name, metric: `${WALL} (${concurrent} calls)`, unit: "ms", samples: h.wall },
      {
        contender: h.c.name,
        metric: RATE,
        unit: "calls/s",
        samples: h.wall.map((ms) => (concurrent * 1000) / ms),
        higherIsBetter: true,
      },
    ]);
  },
  targets(summary) {
    const ratio = (name, metric) => summary.get(name, metric)?.ratio;
    const x = (r) => (r === undefined ? "no figure" : `${r.toFixed(2)} × raw`);
    const targets = [
      {
        text: "per-call overhead through the core ≤ 1.05 × raw",
        met: ratio(OURS_CORE, SEQ) <= 1.05,
        detail: x(ratio(OURS_CORE, SEQ)),
      },
    ];
    for (const adapter of ADAPTERS) {
      const r = ratio(adapter, SEQ);
      targets.push({
        text: `per-call overhead through the ${adapter} ≤ 1.10 × raw`,
        met: r <= 1.1,
        detail: x(r),
      });
    }
    const rate = ratio(OURS_CORE, RATE);
    targets.push({
      text: "concurrent throughput through the core ≥ 0.9 × raw",
      met: rate >= 0.9,
      detail: x(rate),
    });
    return targets;
  },
};
