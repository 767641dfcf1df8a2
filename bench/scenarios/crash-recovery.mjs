// Scenario 3, crash recovery: SIGKILL a stdio server, then call the same tool object every 50 ms;
// time to the first success. Ours through the core and each adapter; each peer with its own
// reconnect option where it has one.
import { join } from "node:path";
import { fixturePath, makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { descendantPids, killChildByMarker } from "./lib-child-pids.mjs";
import { CONTENDERS, INITIAL_BACKOFF_MS } from "./lib-handles.mjs";
import { firstTrue, rotate, since } from "./lib-timing.mjs";

const CALL_EVERY_MS = 50;
const NEVER_AFTER_MS = 10_000;
const COLD_START = "cold start: spawn → first tool result (@modelcontextprotocol/sdk, 1 server)";
const RECOVERY = "SIGKILL → first success of the same tool object";

const serverAt = (dir, label) => ({
  s: { command: process.execPath, args: [fixturePath("basic"), "--log", join(dir, `${label}.log`)] },
});

/** One server's cold start with the plain SDK client: the yardstick of the target. */
async function coldStartMs(dir, label) {
  const { s } = serverAt(dir, label);
  const start = performance.now();
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...s, stderr: "ignore" }));
  await client.listTools();
  await client.callTool({ name: "echo", arguments: { text: "cold" } });
  const ms = since(start);
  await client.close();
  return ms;
}

/** Kills the server under `contender`, then calls its tool object until it answers. */
async function recoveryMs(contender, dir, label) {
  const servers = serverAt(dir, label);
  const handle = await contender.open(servers);
  try {
    const call = handle.tool("s", "echo");
    await call({ text: "warm" });
    killChildByMarker(`${label}.log`);
    return await firstTrue(() => call({ text: "back?" }).then(() => true), {
      everyMs: CALL_EVERY_MS,
      budgetMs: NEVER_AFTER_MS,
    });
  } finally {
    await handle.close().catch(() => {});
    // A peer restarting in the background may have spawned again: end what is ours to end.
    for (const pid of descendantPids(`${label}.log`)) process.kill(pid, "SIGKILL");
  }
}

export default {
  id: "crash-recovery",
  title: "Crash recovery",
  description: [
    "A stdio server (`fixtures/basic`) is killed with SIGKILL while the client is connected; the",
    `tool object taken before the crash is then called every ${CALL_EVERY_MS} ms until it answers,`,
    `and the figure is the time from the kill to that first success ("never" after ${NEVER_AFTER_MS / 1000} s).`,
    "The server child is found by walking `/proc` for descendants of the bench whose command line",
    "names the contender's own log file, so every contender is killed the same way.",
    "",
    `- **ours** (default \`autoRestart\`: first restart after ${INITIAL_BACKOFF_MS} ms, doubling): the core's`,
    "  `McpTool.execute`, the AI SDK tool's `execute` and the LangChain tool's `invoke`, all from one source;",
    "- **@langchain/mcp-adapters** with its stdio option `restart: { enabled: true, maxAttempts: 10,",
    `  delayMs: ${INITIAL_BACKOFF_MS} }\` (it reconnects, but each tool it made holds the client of its time);`,
    "- **@modelcontextprotocol/sdk** and **@ai-sdk/mcp** have no reconnect option: a closed client stays closed.",
    "",
    "Why: a long-running agent keeps the tool objects it was given; a crash should cost a restart, not the session.",
    "The cold start of one server (plain SDK client: spawn, initialize, list, one call) is measured in the same",
    "run as the yardstick of the target.",
  ].join("\n"),

  async run({ quick, log = () => {} }) {
    const iterations = quick ? 3 : 7;
    const dir = makeTempDir("toolnexus-bench-crash-");
    const samples = new Map([[COLD_START, []], ...CONTENDERS.map((c) => [c.id, []])]);
    const errors = new Map();
    try {
      for (let i = 0; i < iterations; i++) {
        samples.get(COLD_START).push(await coldStartMs(dir, `cold-${i}`));
        for (const [k, contender] of rotate(CONTENDERS, i).entries()) {
          const ms = await recoveryMs(contender, dir, `c${CONTENDERS.indexOf(contender)}-${i}-${k}`).catch(
            (error) => {
              errors.set(contender.id, String(error?.message ?? error));
              return undefined;
            },
          );
          samples.get(contender.id).push(ms);
          log(`crash-recovery ${i + 1}/${iterations} ${contender.id}: ${ms === undefined ? "never" : `${ms.toFixed(0)} ms`}`);
        }
      }
    } finally {
      removeTempDir(dir);
    }
    const rows = [
      { contender: "@modelcontextprotocol/sdk", metric: COLD_START, unit: "ms", samples: samples.get(COLD_START) },
    ];
    for (const contender of CONTENDERS) {
      const got = samples.get(contender.id).filter((ms) => ms !== undefined);
      if (got.length === 0) {
        const why = errors.get(contender.id);
        rows.push({
          contender: contender.id,
          metric: RECOVERY,
          unit: "ms",
          samples: [],
          never: why ? `failed: ${why}` : `no success within ${NEVER_AFTER_MS / 1000} s`,
        });
      } else {
        // A run that never recovered counts as the budget, so a median cannot hide it.
        const all = samples.get(contender.id).map((ms) => ms ?? NEVER_AFTER_MS);
        rows.push({ contender: contender.id, metric: RECOVERY, unit: "ms", samples: all });
      }
    }
    return rows;
  },

  targets(summary) {
    const median = (contender, metric) =>
      summary.find((row) => row.contender === contender && row.metric === metric)?.median;
    const cold = median("@modelcontextprotocol/sdk", COLD_START);
    const bound = cold === undefined ? undefined : INITIAL_BACKOFF_MS + 1.5 * cold;
    return CONTENDERS.filter((c) => c.ours).map((c) => {
      const got = median(c.id, RECOVERY);
      return {
        text: `${c.id}: held tool back within the initial backoff (${INITIAL_BACKOFF_MS} ms) + 1.5 × one cold start`,
        met: got !== undefined && bound !== undefined && got <= bound,
        detail:
          got === undefined || bound === undefined
            ? "no figure"
            : `${got.toFixed(0)} ms vs ${bound.toFixed(0)} ms (cold start ${cold.toFixed(0)} ms)`,
      };
    });
  },
};
