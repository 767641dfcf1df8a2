// Scenario 3, crash recovery: SIGKILL a stdio server, then call the same tool object every 50 ms;
// time to the first success. Ours through the core and each adapter; each peer with its own
// reconnect option where it has one.
import { join } from "node:path";
import { fixturePath, makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { LOAD_OPTION_DEFAULTS } from "@toolnexus/mcp-core/config";
import { BASELINE, CONTENDERS, contender as contenderNamed } from "../lib/contenders.mjs";
import { descendantPids, killChildByMarker } from "./lib-child-pids.mjs";
import { firstTrue, sampleRound, since, sleep } from "./lib-timing.mjs";

/** Our first restart delay (the default `autoRestart.initialDelayMs`): the target's allowance. */
const INITIAL_BACKOFF_MS = LOAD_OPTION_DEFAULTS.autoRestart.initialDelayMs;
const LANGCHAIN = "@langchain/mcp-adapters";
const CALL_EVERY_MS = 50;
/** How long after a subject's close its server processes are counted as having outlived it. */
const CLOSE_SETTLE_MS = 1_000;
const NEVER_AFTER_MS = 10_000;
const COLD_START = "cold start of 1 server: spawn → first tool result";
const RECOVERY = "SIGKILL → first success of the same tool object";
const FRESH_METRIC = "SIGKILL → first success of a tool from getTools() per try";

/**
 * LangChain's peer once more, as a caller who asks `getTools()` again before every try: what its
 * `restart` option gives (the contender handle keeps the tools of connect time, as a user would).
 */
async function langChainFreshTool(servers) {
  const { MultiServerMCPClient } = await import("@langchain/mcp-adapters");
  const { s } = servers;
  const client = new MultiServerMCPClient({
    mcpServers: {
      s: {
        transport: "stdio",
        ...s,
        stderr: "ignore",
        restart: { enabled: true, maxAttempts: 1000, delayMs: 50 },
      },
    },
  });
  await client.initializeConnections();
  const call = async (args) => {
    const tool = (await client.getTools("s")).find((t) => t.name === "echo");
    if (!tool) throw new Error("no echo tool (yet)");
    const message = await tool.invoke({ type: "tool_call", id: "bench", name: tool.name, args });
    if (message?.status === "error") throw new Error(String(message.content));
    return message;
  };
  return { tools: () => new Map([["s/echo", call]]), close: () => client.close() };
}

/** Every contender (peers with their reconnect options on), then the LangChain re-fetching caller. */
const SUBJECTS = [
  ...CONTENDERS.map((c) => ({
    id: c.name,
    contender: c.name,
    metric: RECOVERY,
    ours: c.ours,
    connect: (servers) => c.connect(servers, { reconnect: true }),
  })),
  {
    id: `${LANGCHAIN} (getTools per try)`,
    contender: LANGCHAIN,
    metric: FRESH_METRIC,
    connect: langChainFreshTool,
  },
];

const serverAt = (dir, label) => ({
  s: { command: process.execPath, args: [fixturePath("basic"), "--log", join(dir, `${label}.log`)] },
});

/** One server's cold start through the baseline client (connect, list, one call): the target's yardstick. */
async function coldStartMs(dir, label) {
  const start = performance.now();
  const conn = await contenderNamed(BASELINE).connect(serverAt(dir, label));
  await conn.tools().get("s/echo")({ text: "cold" });
  const ms = since(start);
  await conn.close();
  return ms;
}

/**
 * Kills the server under `subject`, then calls its tool object until it answers. Also counts the
 * server processes that outlived the subject's `close()` (the bench kills them).
 */
async function recoveryMs(subject, dir, label, budgetMs) {
  const servers = serverAt(dir, label);
  const conn = await subject.connect(servers);
  let result = { ms: undefined, respawned: false };
  try {
    const call = conn.tools().get("s/echo");
    await call({ text: "warm" });
    killChildByMarker(`${label}.log`);
    const ms = await firstTrue(() => call({ text: "back?" }).then(() => true), {
      everyMs: CALL_EVERY_MS,
      budgetMs,
    });
    // Did it restart the server at all? (A peer may respawn yet keep calling the dead client.)
    result = { ms, respawned: descendantPids(`${label}.log`).length > 0 };
  } finally {
    await conn.close().catch(() => {});
  }
  // A client restarting in the background may spawn again after its close. Such a process is left
  // alone (idle; it ends with the bench's stdin): killing it only makes that client spawn another.
  // The count is taken CLOSE_SETTLE_MS later while the next run goes on (the marker is this run's).
  const survivors = sleep(CLOSE_SETTLE_MS).then(() => descendantPids(`${label}.log`).length);
  return { ...result, survivors };
}

export default {
  id: "crash-recovery",
  title: "3. Crash recovery",
  description: [
    "A stdio server (`fixtures/basic`) is killed with SIGKILL while the client is connected; the",
    `tool object taken before the crash is then called every ${CALL_EVERY_MS} ms until it answers,`,
    `and the figure is the time from the kill to that first success ("never" after ${NEVER_AFTER_MS / 1000} s, 5 s`,
    "with `--quick`; a contender that stayed down once is not run again: without a reconnect it cannot come back;",
    "the peers' first samples of the held tool run at the same time, each on its own server;",
    "a run that did not recover among runs that did counts as the whole wait).",
    "The server child is found by walking `/proc` for descendants of the bench whose command line",
    "names the contender's own log file, so every contender is killed the same way. Server processes still",
    `running ${CLOSE_SETTLE_MS / 1000} s after a run's close are counted (noted under the table) while the next run goes on.`,
    "",
    `- **ours** (default \`autoRestart\`: first restart after ${INITIAL_BACKOFF_MS} ms, doubling): the core's`,
    "  `McpTool.execute`, the AI SDK tool's `execute` and the LangChain tool's `invoke`, all from one source;",
    "- **@langchain/mcp-adapters** with its stdio option `restart: { enabled: true, maxAttempts: 1000, delayMs: 50 }`",
    "  (it respawns the server, but each tool it made holds the client of its time);",
    "  A second row calls `getTools()` before every try and invokes the tool it returns: what their restart gives;",
    "- **@modelcontextprotocol/sdk** and **@ai-sdk/mcp** have no reconnect option: a closed client stays closed.",
    "",
    "Why: a long-running agent keeps the tool objects it was given; a crash should cost a restart, not the session.",
    "The cold start of one server (raw SDK Client: spawn, initialize, list, one call) is measured in the same",
    "run as the yardstick of the target.",
  ].join("\n"),

  async run({ quick, log = () => {}, workDir, iterations = quick ? 3 : 7 }) {
    // The smoke run only needs a figure from everyone: a shorter wait before "never".
    const budgetMs = quick ? NEVER_AFTER_MS / 2 : NEVER_AFTER_MS;
    const dir = workDir ?? makeTempDir("toolnexus-bench-crash-");
    const cold = [];
    const results = new Map(
      SUBJECTS.map((s) => [s.id, { samples: [], never: 0, respawned: 0, survivors: 0, error: undefined }]),
    );
    /** The survivor counts still to come in (each taken a while after its run's close). */
    const counts = [];
    try {
      for (let i = 0; i < iterations; i++) {
        cold.push(await coldStartMs(dir, `cold-${i}`));
        const sample = async (subject) => {
          const result = results.get(subject.id);
          const label = `c${SUBJECTS.indexOf(subject)}-${i}`;
          const got = await recoveryMs(subject, dir, label, budgetMs).catch((error) => {
            result.error = String(error?.message ?? error).slice(0, 200);
            return { ms: undefined, respawned: false };
          });
          if (got.ms === undefined) result.never++;
          if (got.respawned) result.respawned++;
          if (got.survivors) counts.push(got.survivors.then((n) => (result.survivors += n)));
          result.samples.push(got.ms ?? budgetMs);
          log(
            `crash-recovery ${i + 1}/${iterations} ${subject.id}: ${got.ms === undefined ? "never" : `${got.ms.toFixed(0)} ms`}`,
          );
        };
        // The peers that never pass (see `sampleRound`) run their first sample at the same time.
        await sampleRound({
          subjects: SUBJECTS,
          iteration: i,
          together: (s) => !s.ours && s.metric === RECOVERY,
          results,
          sample,
        });
      }
      await Promise.all(counts);
    } finally {
      if (!workDir) removeTempDir(dir);
    }
    const rows = [{ contender: BASELINE, metric: COLD_START, unit: "ms", samples: cold }];
    for (const subject of SUBJECTS) {
      const { samples, never, respawned, survivors, error } = results.get(subject.id);
      const { contender, metric } = subject;
      const version = contenderNamed(contender).version;
      if (never === samples.length) {
        const restarted =
          respawned > 0
            ? "it respawned the server, but the tool object keeps the closed client"
            : "no reconnect: the client stays closed";
        rows.push({
          contender,
          metric,
          unit: "ms",
          samples: [],
          never: error
            ? `failed: ${error}`
            : `no success within ${budgetMs / 1000} s: ${restarted} (${version})`,
        });
      } else {
        // A run that never recovered counts as the whole wait, so a median cannot hide it.
        rows.push({ contender, metric, unit: "ms", samples });
      }
      if (survivors > 0) {
        rows.at(-1).note =
          `${survivors} server process(es) running ${CLOSE_SETTLE_MS} ms after close() over ${samples.length} run(s): ` +
          "with `restart` on, its close respawns the server (killing that one makes it spawn again; left idle until the bench exits)";
      }
    }
    return rows;
  },

  targets(summary) {
    const cold = summary.get(BASELINE, COLD_START)?.median;
    const bound = cold === undefined ? undefined : INITIAL_BACKOFF_MS + 1.5 * cold;
    return CONTENDERS.filter((c) => c.ours).map((c) => {
      const got = summary.get(c.name, RECOVERY)?.median;
      return {
        text: `${c.name}: held tool back within the initial backoff (${INITIAL_BACKOFF_MS} ms) + 1.5 × one cold start`,
        met: got !== undefined && bound !== undefined && got <= bound,
        detail:
          got === undefined || bound === undefined
            ? "no figure"
            : `${got.toFixed(0)} ms vs ${bound.toFixed(0)} ms (${(got / bound).toFixed(2)} ×; cold start ${cold.toFixed(0)} ms)`,
      };
    });
  },
};
