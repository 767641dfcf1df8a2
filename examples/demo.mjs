// `npm run demo`: a resident agent on a live, self-healing MCP tool set, narrated as a timeline.
// No API key: the "model" is the AI SDK's MockLanguageModelV3 playing a script through the AI SDK
// adapter; the servers are the repo's fixtures, real processes. What it shows, in about 15 s:
// three servers (a 2025-era one over stdio, a 2026-era one over HTTP, a lazy one that stays
// stopped); the agent calls tools; the stdio server is killed and comes back on its own while the
// agent's next call succeeds on the tool object it already held; a server adds a tool and the agent
// uses it on its next step; the lazy server starts on first use; close leaves nothing running.
// Every wait is for an event, under one hard deadline (exit 1 naming what it was waiting for).
// Flags: --think-ms N (the model's pause before each step, default 1800; only pacing),
// --timeout-ms N (the deadline, default 60000).
import { parseArgs } from "node:util";
import { createAiSdkToolset } from "@toolnexus/adapter-ai-sdk";
import { isAlive, startHttpFixture, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { stepCountIs, ToolLoopAgent } from "ai";
import { callTool, say, scriptedModel } from "../packages/adapter-ai-sdk/examples/scripted-model.mjs";
import { activeResources, createDeadline, createTimeline, handlesDrained } from "./demo/timeline.mjs";

const { values: flags } = parseArgs({
  options: {
    "think-ms": { type: "string", default: "1800" },
    "timeout-ms": { type: "string", default: "60000" },
  },
});
/** A flag's value as a whole number of milliseconds, or exit 2 saying which flag is wrong. */
function milliseconds(name, min) {
  const value = Number(flags[name]);
  if (Number.isInteger(value) && value >= min && value <= 2_147_483_647) return value;
  console.error(`demo: --${name} must be a whole number of milliseconds from ${min} to 2147483647`);
  process.exit(2);
}
const thinkMs = milliseconds("think-ms", 0);
const timeoutMs = milliseconds("timeout-ms", 1);

const timeline = createTimeline();
timeline.header();
const deadline = createDeadline(timeoutMs, {
  onExpire(waitingFor) {
    timeline.note(`demo FAILED: still waiting after ${timeoutMs / 1000} s for ${waitingFor}`);
    process.exit(1); // the library kills its children when the host exits
  },
});
// What runs before any server: stdout's and stderr's handles, the deadline's timer. Anything more at
// the end leaked.
const baseline = activeResources();
const pidsSeen = new Set();
const tally = { calls: 0, failed: 0, crashes: 0, added: 0, lazyStarts: 0 };

/** One server's `servers()` snapshot. */
function snapshot(source, server) {
  return source.servers().find((s) => s.name === server);
}

/** A server's snapshot line: pid, protocol era, tool count. */
function describe(source, server) {
  const s = snapshot(source, server);
  if (s.pid) pidsSeen.add(s.pid);
  const pid = s.pid ? `pid ${s.pid} · ` : "";
  return `${pid}protocol ${s.protocolVersion ?? "?"} · ${s.toolCount} tools`;
}

/** Narrates a state change as it happens. */
function narrateState(source, server, state, info) {
  if (state === "running") return timeline.line(server, state, describe(source, server));
  if (state === "error" && info.reason === "crash") tally.crashes++;
  if (state === "starting" && info.reason === "start" && server === "lazy") tally.lazyStarts++;
  const why = {
    crash: `crashed (${info.error?.message ?? "transport closed"})`,
    restart: `restarting on its own, attempt ${info.attempt ?? 1}`,
    start: server === "lazy" ? "first use: the lazy server starts" : "starting",
    close: "closed",
  };
  timeline.line(server, state, why[info.reason] ?? info.reason ?? "");
}

/** One model step: says what the agent does and returns its content. */
function step(n, plan, content) {
  return () => {
    timeline.line("agent", `step ${n}`, typeof plan === "function" ? plan() : plan);
    return content();
  };
}

/** The model's pause before step `n`: pacing for the reader only, nothing waits on it. */
function think(n) {
  deadline.waitingFor = `the model's step ${n}`;
  return new Promise((resolve) => setTimeout(resolve, thinkMs));
}

/** Prints what each tool call of a finished step returned. */
function narrateResults({ content }) {
  for (const part of content) {
    if (part.type === "tool-result") {
      tally.calls++;
      timeline.line("agent", "result", `${part.toolName} → ${JSON.stringify(part.output.text)}`);
    } else if (part.type === "tool-error") {
      tally.calls++;
      tally.failed++;
      timeline.line("agent", "error", `${part.toolName} → ${part.error?.message ?? part.error}`);
    }
  }
}

// --- servers start -------------------------------------------------------------------------------
timeline.line("modern", "starting", "fixture `modern` over HTTP (2026 era only)");
const web = await deadline.until("the HTTP fixture to listen", startHttpFixture("modern"));
pidsSeen.add(web.pid);
timeline.line("legacy", "starting", "fixture `basic` over stdio (initialize era)");
timeline.line("lazy", "stopped", "fixture `dual-era` over stdio, lazy: waits for a call");
const listings = new Map(); // the lazy server's listing cache, in memory for the demo
const source = await deadline.until(
  "loadMcp to connect `legacy` and `modern`",
  loadMcp(
    {
      mcpServers: {
        legacy: stdioServer("basic"),
        modern: { url: web.url },
        lazy: { ...stdioServer("dual-era"), lazy: true },
      },
    },
    {
      toolCache: { get: (key) => listings.get(key), set: (key, entry) => void listings.set(key, entry) },
      autoRestart: { initialDelayMs: 300 },
    },
  ),
);
const toolset = createAiSdkToolset(source);
try {
  // Both reached `running` inside loadMcp; date each line from its uptime.
  const runningSince = (server) => timeline.elapsedMs() - snapshot(source, server).uptimeMs;
  for (const server of ["legacy", "modern"].sort((a, b) => runningSince(a) - runningSince(b))) {
    timeline.line(server, "running", describe(source, server), runningSince(server));
  }
  source.onStateChange((server, state, info) => narrateState(source, server, state, info));
  // The lazy server's tools come from one background listing (connect → list → stop) on a cache miss.
  await deadline.until("the lazy server's background listing", source.whenSettled("lazy"));
  timeline.line(
    "lazy",
    source.state("lazy"),
    `not running; ${snapshot(source, "lazy").toolCount} tools known from a listing`,
  );
  const toolAdded = new Promise((resolve) =>
    toolset.onToolsChange((server, { added, removed, changed }) => {
      const what = [
        ...added.map((n) => `+${n}`),
        ...removed.map((n) => `-${n}`),
        ...changed.map((n) => `~${n}`),
      ];
      timeline.line(server, source.state(server), `tools changed: ${what.join(" ")}`);
      if (!added.includes("mcp__modern__weather")) return;
      tally.added++;
      resolve();
    }),
  );

  // --- the agent ---------------------------------------------------------------------------------
  let held; // the tool object the agent used before the crash
  let crashedPid;
  const agent = new ToolLoopAgent({
    model: scriptedModel([
      step(1, "calls a tool on each running server", () => [
        callTool("mcp__legacy__pid"),
        callTool("mcp__modern__add", { a: 2, b: 3 }),
      ]),
      step(
        2,
        () =>
          `calls mcp__legacy__pid again (${toolset.tools.mcp__legacy__pid === held ? "same" : "a NEW"} tool object)`,
        () => [callTool("mcp__legacy__pid")],
      ),
      step(3, "asks `modern` to add a tool", () => [callTool("mcp__modern__add_tool", { name: "weather" })]),
      step(4, "uses the new tool", () => [callTool("mcp__modern__weather")]),
      step(5, "calls the lazy server", () => [callTool("mcp__lazy__echo", { text: "good morning" })]),
      step(6, "answers", () => [say("Done: every call answered.")]),
    ]),
    tools: toolset.tools, // one live object for the whole run
    stopWhen: stepCountIs(8),
    onStepFinish: narrateResults,
    prepareStep: async ({ stepNumber }) => {
      const next = stepNumber + 1; // the AI SDK counts steps from 0, the script from 1
      await think(next);
      if (next === 2) {
        // Between two steps the world changes: the stdio server dies. Once the library has noticed
        // (its restart still pending), the model makes its next call with the tool it already held.
        held = toolset.tools.mcp__legacy__pid;
        crashedPid = snapshot(source, "legacy").pid;
        const crashed = new Promise((resolve) =>
          source.onStateChange((server, state) => server === "legacy" && state === "error" && resolve()),
        );
        timeline.line("demo", "kill -9", `pid ${crashedPid} (legacy), under the agent's feet`);
        process.kill(crashedPid, "SIGKILL");
        await deadline.until("the library to notice the crash of `legacy`", crashed);
      }
      if (next === 4) await deadline.until("the list_changed for mcp__modern__weather", toolAdded);
      return {};
    },
  });
  const result = await deadline.until(
    "the agent's run",
    agent.generate({ prompt: "Look after the servers." }),
  );
  timeline.line("agent", "done", `${result.steps.length} steps: ${JSON.stringify(result.text)}`);
} finally {
  toolset.dispose();
  await deadline.until("close()", source.close());
}

// --- nothing left --------------------------------------------------------------------------------
const alive = [...pidsSeen].filter((pid) => pid !== web.pid && isAlive(pid));
await deadline.until("the HTTP fixture to stop", web.stop());
deadline.waitingFor = "the last handles to close";
const left = await handlesDrained(baseline);
const clean = alive.length === 0 && left.length === 0;
timeline.line(
  "demo",
  "closed",
  clean
    ? `nothing running: ${pidsSeen.size} pids gone, no handle left`
    : `STILL RUNNING: pids ${alive.join(",") || "none"}; ${left.join(", ") || "no handle"}`,
);
const ok = clean && tally.failed === 0;
const seconds = (timeline.elapsedMs() / 1000).toFixed(1);
timeline.note(
  `${ok ? "demo ok" : "demo FAILED"} in ${seconds} s: ${tally.calls} calls, ${tally.failed} failed; ` +
    `${tally.crashes} crash healed; ${tally.added} tool added; ${tally.lazyStarts} lazy start`,
);
process.exitCode = ok ? 0 : 1;
deadline.release("the process to exit (a handle still open)");
