// LangChain's per-invoke floor under a batch of concurrent calls (issue #32), not a test. Held open
// side by side and measured in interleaved rounds, client CPU per call (`process.cpuUsage()`):
//   noopTool   a `DynamicStructuredTool` with the echo tool's JSON Schema and
//              `responseFormat: "content_and_artifact"` whose func returns at once: what any
//              LangChain tool pays per `invoke` with a tool call (callback manager, run, input
//              validation, ToolMessage), with no I/O at all
//   lcOverCore the same DynamicStructuredTool whose func is `echo.execute` of the core: LangChain
//              plus the core, none of the adapter's own code
//   langchain  the LangChain adapter's tool, `invoke` with a tool call (what a ToolNode does)
//   core       the core's `McpTool.execute`
//   aiSdkMcp   `@ai-sdk/mcp`'s tool `execute`
//   node bench/profile/langchain-floor.mjs [--rounds 9] [--batch 1000] [--only a,b] [--base other/dist/index.js]
//   valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.%p \
//     node bench/profile/langchain-floor.mjs --instructions --only langchain --rounds 3
//   (client instructions for --rounds batches alone; divide by rounds × batch)

import { execFile } from "node:child_process";
import { parseArgs } from "node:util";
import { DynamicStructuredTool } from "@langchain/core/tools";
import { toLangChainTools } from "@toolnexus/adapter-langchain";
import { fixturePath } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { contenders as base } from "./contenders.mjs";

const { values: opts } = parseArgs({
  options: {
    rounds: { type: "string", default: "9" },
    batch: { type: "string", default: "1000" },
    only: { type: "string" },
    // The dist/index.js of another build of the LangChain adapter: adds the contender `langchainBase`.
    base: { type: "string" },
    json: { type: "boolean", default: false },
    // Under callgrind: one contender (`--only`), collection switched on for `--rounds` batches only.
    instructions: { type: "boolean", default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const BATCH = Number(opts.batch);
const server = { command: process.execPath, args: [fixturePath("basic")] };
const echoSchema = {
  type: "object",
  properties: { text: { type: "string" } },
  required: ["text"],
};

let id = 0;
const toolCall = (tool, text) => ({ type: "tool_call", id: `c${id++}`, name: tool.name, args: { text } });
const lcTool = (func) =>
  new DynamicStructuredTool({
    name: "echo",
    description: "Echoes text",
    schema: structuredClone(echoSchema),
    responseFormat: "content_and_artifact",
    func,
  });

const contenders = {
  noopTool: {
    async open() {
      const tool = lcTool(async ({ text }) => [text, { content: [], text }]);
      return { call: (text) => tool.invoke(toolCall(tool, text)), close: async () => {} };
    },
  },
  lcOverCore: {
    async open() {
      const source = await loadMcp({ mcpServers: { s: server } });
      const echo = source.tools.find((t) => t.rawName === "echo");
      const tool = lcTool(async (input) => {
        const result = await echo.execute(input);
        return [result.text, result];
      });
      return { call: (text) => tool.invoke(toolCall(tool, text)), close: () => source.close() };
    },
  },
  langchain: {
    async open() {
      const source = await loadMcp({ mcpServers: { s: server } });
      const tool = toLangChainTools(source).find((t) => t.name === "mcp__s__echo");
      return { call: (text) => tool.invoke(toolCall(tool, text)), close: () => source.close() };
    },
  },
  core: base.core,
  aiSdkMcp: base.aiSdkMcp,
};

if (opts.base) {
  contenders.langchainBase = {
    async open() {
      const other = await import(opts.base);
      const source = await loadMcp({ mcpServers: { s: server } });
      const tool = other.toLangChainTools(source).find((t) => t.name === "mcp__s__echo");
      return { call: (text) => tool.invoke(toolCall(tool, text)), close: () => source.close() };
    },
  };
}
const names = opts.only ? opts.only.split(",") : Object.keys(contenders);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuNow = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** Asks callgrind to switch collection; the event loop keeps running so valgrind can answer. */
const collect = (on) =>
  new Promise((resolve) => {
    execFile(
      "callgrind_control",
      ["-i", on ? "on" : "off", String(process.pid)],
      { timeout: 300_000 },
      (error) => {
        if (error) console.error(`callgrind_control: ${error.message}`);
        resolve();
      },
    );
  });

const open = {};
for (const n of names) {
  open[n] = await contenders[n].open();
  // Warm-up: every module loaded and the call path JIT-compiled before any round counts.
  for (let i = 0; i < 3; i++)
    await Promise.all(Array.from({ length: BATCH }, (_, j) => open[n].call(`w${j}`)));
}
if (opts.instructions) {
  // valgrind --tool=callgrind --instr-atstart=no node langchain-floor.mjs --instructions --only X --rounds 3
  const c = open[names[0]];
  await collect(true);
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(Array.from({ length: BATCH }, (_, j) => c.call(String(j))));
  }
  await collect(false);
  await c.close();
  process.exit(0);
}
const stats = Object.fromEntries(names.map((n) => [n, { cpu: [], perS: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  for (const n of names.map((_, i) => names[(i + round) % names.length])) {
    const c = open[n];
    const cpu0 = cpuNow();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: BATCH }, (_, j) => c.call(String(j))));
    const ms = performance.now() - t0;
    stats[n].cpu.push((cpuNow() - cpu0) / BATCH);
    stats[n].perS.push(BATCH / (ms / 1000));
  }
}
for (const n of names) await open[n].close();

// Each round's figure over the reference's figure of the same round, median over rounds: steadier
// than a ratio of two medians on a loaded machine.
const pairedRatio = (n, ref, key) =>
  stats[ref] ? +median(stats[n][key].map((x, i) => x / stats[ref][key][i])).toFixed(3) : undefined;
const rows = names.map((n) => ({
  contender: n,
  cpuUsPerCall: +median(stats[n].cpu).toFixed(1),
  cpuMinMax: `${Math.min(...stats[n].cpu).toFixed(0)}–${Math.max(...stats[n].cpu).toFixed(0)}`,
  cpuVsCore: pairedRatio(n, "core", "cpu"),
  cpuVsAiSdkMcp: pairedRatio(n, "aiSdkMcp", "cpu"),
  callsPerS: Math.round(median(stats[n].perS)),
  perSVsAiSdkMcp: pairedRatio(n, "aiSdkMcp", "perS"),
}));
if (opts.json) console.log(JSON.stringify(rows, null, 2));
else console.table(rows);
