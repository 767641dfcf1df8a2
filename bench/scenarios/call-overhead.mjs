// Scenario 2: what one tool call costs through each contender's own call path, sequential and
// concurrent, against the raw SDK Client on the same kind of server.
import { stdioServer } from "@toolnexus/fixtures";
import { CONTENDERS } from "../lib/contenders.mjs";
import { rotate } from "./lib-timing.mjs";

const OURS_CORE = "toolnexus core";
const AI_SDK_ADAPTER = "toolnexus AI SDK adapter";
const LANGCHAIN_ADAPTER = "toolnexus LangChain adapter";
const AI_SDK_MCP = "@ai-sdk/mcp";
const LANGCHAIN_MCP = "@langchain/mcp-adapters";
const SEQ = "sequential call";
const CPU = "client CPU per sequential call";
const WALL = "wall time of the concurrent batch";
const RATE = "concurrent throughput";
/**
 * Batches per sample, by batch size: a 200-call batch lasts ~10 ms, so one scheduling hiccup
 * would decide a lone batch; a sample is the median of these (the contenders interleaved batch
 * by batch, their order rotated).
 */
const BATCHES_PER_SAMPLE = { 100: 5, 200: 9, 1000: 3 };
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The client process's CPU time (user + system) in microseconds. */
const cpuNowUs = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};
export default {
  id: "call-overhead",
  title: "2. Call overhead",
  description: `Each contender holds its own \`basic\` fixture server over stdio (one process each, all
running at once) and calls \`echo\` through its own public path: the core's \`McpTool.execute\`, the
AI SDK adapter's \`execute\`, the LangChain adapter's \`invoke\` with a tool call (what a ToolNode does),
the raw SDK \`client.callTool\`, \`@ai-sdk/mcp\`'s tool \`execute\`, \`@langchain/mcp-adapters\`' tool
\`invoke\`. Sequential: 2 000 calls per contender in rounds of 200, the contenders interleaved round
by round after 50 warm-up calls each; every call's latency is a sample (median and p99), and each
round gives the client process's CPU time per call (\`process.cpuUsage\`: the client's own cost,
steadier than wall time on a busy machine). Concurrent: 200, then 1 000 calls started at once
(\`Promise.all\`); a sample is the median wall time of 9 batches of 200 (3 of 1 000) per contender
and iteration, the contenders interleaved batch by batch in rotated order (a 200-call batch lasts
~10 ms: one scheduling hiccup decided a lone batch); throughput = calls ÷ that wall time. The server's own work is the same for everyone, so the
ratio to the raw client is the client-side overhead. \`--quick\`: 200 sequential, 100 concurrent.`,
  async run({ quick, log, iterations }) {
    const seqRounds = quick ? 2 : 10;
    const perRound = quick ? 100 : 200;
    const sizes = quick ? [100] : [200, 1000];
    const held = [];
    try {
      for (const c of CONTENDERS) {
        const conn = await c.connect({ basic: stdioServer("basic") });
        const wall = Object.fromEntries(sizes.map((size) => [size, []]));
        held.push({ c, conn, echo: conn.tools().get("basic/echo"), seq: [], cpu: [], wall });
      }
      for (const h of held) for (let i = 0; i < 50; i++) await h.echo({ text: "warm" });
      for (let round = 0; round < seqRounds; round++) {
        for (const h of held) {
          const cpu0 = cpuNowUs();
          for (let i = 0; i < perRound; i++) {
            const t0 = performance.now();
            await h.echo({ text: `r${round}c${i}` });
            h.seq.push(performance.now() - t0);
          }
          h.cpu.push((cpuNowUs() - cpu0) / perRound);
        }
      }
      log(`sequential done (${seqRounds * perRound} calls each)`);
      for (let it = 0; it < iterations; it++) {
        for (const size of sizes) {
          const batches = new Map(held.map((h) => [h, []]));
          for (let b = 0; b < BATCHES_PER_SAMPLE[size]; b++) {
            for (const h of rotate(held, it + b)) {
              const t0 = performance.now();
              await Promise.all(Array.from({ length: size }, (_, i) => h.echo({ text: `c${i}` })));
              batches.get(h).push(performance.now() - t0);
            }
          }
          for (const [h, walls] of batches) h.wall[size].push(median(walls));
        }
      }
      log(`concurrent done (${iterations} × ${sizes.join(" and ")})`);
    } finally {
      await Promise.allSettled(held.map((h) => h.conn.close()));
    }
    return held.flatMap((h) => [
      { contender: h.c.name, metric: SEQ, unit: "ms", samples: h.seq, p99: true },
      { contender: h.c.name, metric: CPU, unit: "µs", samples: h.cpu },
      ...sizes.flatMap((size) => [
        { contender: h.c.name, metric: `${WALL} (${size} calls)`, unit: "ms", samples: h.wall[size] },
        {
          contender: h.c.name,
          metric: `${RATE} (${size} calls)`,
          unit: "calls/s",
          samples: h.wall[size].map((ms) => (size * 1000) / ms),
          higherIsBetter: true,
        },
      ]),
    ]);
  },
  // The goals of issue #32: the leanest peer (`@ai-sdk/mcp`, its own small JSON-RPC client) and the
  // raw v1 client are the bars, medians of the same interleaved run.
  targets(summary) {
    const median = (name, metric) => summary.get(name, metric)?.median;
    const vs = (name, peer, metric) => {
      const ours = median(name, metric);
      const theirs = median(peer, metric);
      return ours !== undefined && theirs > 0 ? ours / theirs : undefined;
    };
    const x = (r, peer) => (r === undefined ? "no figure" : `${r.toFixed(2)} × ${peer}`);
    const atMost = (text, r, bound, peer) => ({
      text,
      met: r !== undefined && r <= bound,
      detail: x(r, peer),
    });
    const atLeast = (text, r, bound, peer) => ({
      text,
      met: r !== undefined && r >= bound,
      detail: x(r, peer),
    });
    const raw = (name, metric) => summary.get(name, metric)?.ratio;
    const targets = [
      atMost("median sequential call through the core ≤ 1.0 × raw", raw(OURS_CORE, SEQ), 1, "raw"),
      atMost(
        "median sequential call through the core ≤ 1.0 × @ai-sdk/mcp",
        vs(OURS_CORE, AI_SDK_MCP, SEQ),
        1,
        AI_SDK_MCP,
      ),
      atMost("client CPU per sequential call through the core ≤ 1.0 × raw", raw(OURS_CORE, CPU), 1, "raw"),
      atMost(
        "median sequential call through the AI SDK adapter ≤ 1.05 × @ai-sdk/mcp",
        vs(AI_SDK_ADAPTER, AI_SDK_MCP, SEQ),
        1.05,
        AI_SDK_MCP,
      ),
      atMost(
        "median sequential call through the LangChain adapter ≤ 1.0 × @langchain/mcp-adapters",
        vs(LANGCHAIN_ADAPTER, LANGCHAIN_MCP, SEQ),
        1,
        LANGCHAIN_MCP,
      ),
    ];
    const sizes = summary.rows
      .filter((row) => row.contender === OURS_CORE && row.metric.startsWith(RATE))
      .map((row) => row.metric);
    for (const metric of sizes) {
      targets.push(
        atLeast(
          `${metric} through the core ≥ 1.0 × @ai-sdk/mcp`,
          vs(OURS_CORE, AI_SDK_MCP, metric),
          1,
          AI_SDK_MCP,
        ),
      );
      for (const adapter of [AI_SDK_ADAPTER, LANGCHAIN_ADAPTER]) {
        targets.push(
          atLeast(
            `${metric} through the ${adapter} ≥ 0.9 × @ai-sdk/mcp`,
            vs(adapter, AI_SDK_MCP, metric),
            0.9,
            AI_SDK_MCP,
          ),
        );
      }
    }
    return targets;
  },
};
