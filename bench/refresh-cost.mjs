// Benchmark (not a test): one server's refresh at 5 servers and at 50, interleaved in one process,
// so the ratio of the two is measured on the same machine state. Scenario 5 (`scale`) measures the
// same path among its loads; this one measures only the refresh, many times, for quick paired runs.
// Two sources are held at once, each with its own `fixtures/mcp-list-changed` process (so a change
// reaches only its own source) grown to `--tools` tools, and `count - 1` entries on one shared
// `fixtures/paginated` process (`--tools` tools each). Each round adds then removes one tool on the
// live server of the 5-server source and of the 50-server source in turn, and reports for each:
// - core: `add_tool` / `remove_tool` → the change in `source.tools` (wall time, this process's CPU);
// - the AI SDK `ToolSet` and the LangChain toolkit, live over the source: `aiSdkMs` is the ToolSet's
//   first entry read after the change (the read that brings it up to date: its share of the refresh),
//   `aiSdkKeysMs` then every key read (`Object.keys`, what the AI SDK does each step: O(all tools)),
//   `aiSdkUnchangedMs` every key read once more with nothing changed; `langchainMs` the toolkit's
//   `tools` read (it follows the change on the event, so its work is inside `ms` and `cpuMs`).
//   node bench/refresh-cost.mjs [--rounds 15] [--tools 100] [--json]      (after `npm run build`)
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { startHttpFixture } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const LIVE = "live";
const COUNTS = [5, 50];

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "15" },
    tools: { type: "string", default: "100" },
    json: { type: "boolean", default: false },
    "no-adapters": { type: "boolean", default: false },
  },
});
const rounds = Number(values.rounds);
const tools = Number(values.tools);

/** Grows a list-changed fixture to `count` tools (it starts with 8). */
async function grow(url, count) {
  const client = new Client({ name: "bench-setup", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools: listed } = await client.listTools();
  if (count > listed.length)
    await client.callTool({ name: "burst", arguments: { count: count - listed.length } });
  await client.close();
}

/** A source of `count` servers and the live views an app holds over it. */
async function open(count, pagedUrl) {
  const live = await startHttpFixture("mcp-list-changed");
  await grow(live.url, tools);
  const entries = Array.from({ length: count - 1 }, (_, i) => [
    `s${String(i).padStart(2, "0")}`,
    { url: pagedUrl },
  ]);
  const config = { mcpServers: Object.fromEntries([...entries, [LIVE, { url: live.url }]]) };
  const source = await loadMcp(config, { toolCache: null, onWarning: () => {} });
  await source.whenSettled();
  // With `--no-adapters` only the core is measured (the LangChain toolkit follows every change).
  const aiSdk = values["no-adapters"] ? {} : toAiSdkTools(source);
  const toolkit = values["no-adapters"] ? { tools: [], dispose() {} } : createLangChainToolkit(source);
  Object.keys(aiSdk);
  void toolkit.tools.length;
  const controls = new Map(source.tools.filter((t) => t.server === LIVE).map((t) => [t.rawName, t]));
  const control = (name) => controls.get(name);
  return { count, live, source, aiSdk, toolkit, control };
}

/** One change on the live server, from the call to the change in `source.tools`; then the re-reads. */
async function change(s, op, name) {
  // Read from the event, not by a walk of `source.tools`, so the bench adds no work per tool.
  const final = `mcp__${LIVE}__${name}`;
  const seen = new Promise((resolve) => {
    const stop = s.source.onToolsChange((server, change) => {
      if (server === LIVE && (op === "add_tool" ? change.added : change.removed).includes(final)) {
        stop();
        resolve();
      }
    });
  });
  gc();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all([s.control(op).execute({ name }), seen]);
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  let at = performance.now();
  void s.aiSdk[`mcp__${LIVE}__add_tool`];
  const aiSdkMs = performance.now() - at;
  at = performance.now();
  Object.keys(s.aiSdk);
  const aiSdkKeysMs = performance.now() - at;
  // The same read again, nothing changed: what any read of every key costs, rebuild or not.
  at = performance.now();
  Object.keys(s.aiSdk);
  const aiSdkUnchangedMs = performance.now() - at;
  at = performance.now();
  void s.toolkit.tools.length;
  const langchainMs = performance.now() - at;
  return { ms, cpuMs: (user + system) / 1000, aiSdkMs, aiSdkKeysMs, aiSdkUnchangedMs, langchainMs };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) =>
  `${median(xs).toPrecision(3)} (${Math.min(...xs).toPrecision(2)}–${Math.max(...xs).toPrecision(2)})`;

const paged = await startHttpFixture("paginated", ["--tools", String(tools), "--page-size", String(tools)]);
const sources = [];
try {
  for (const count of COUNTS) sources.push(await open(count, paged.url));
  const samples = new Map(
    COUNTS.map((c) => [
      c,
      { ms: [], cpuMs: [], aiSdkMs: [], aiSdkKeysMs: [], aiSdkUnchangedMs: [], langchainMs: [] },
    ]),
  );
  for (let round = -1; round < rounds; round++) {
    // Round -1 warms the path up and is not recorded; the order alternates between rounds.
    const order = round % 2 === 0 ? sources : [...sources].reverse();
    for (const s of order) {
      for (const op of ["add_tool", "remove_tool"]) {
        const result = await change(s, op, `r${round + 1}`);
        if (round < 0) continue;
        for (const key of Object.keys(result)) samples.get(s.count)[key].push(result[key]);
      }
    }
  }
  const [small, large] = COUNTS.map((c) => samples.get(c));
  const ratio = (key) => median(large[key]) / median(small[key]);
  const result = {
    tools,
    rounds,
    figures: Object.fromEntries(
      ["ms", "cpuMs", "aiSdkMs", "aiSdkKeysMs", "aiSdkUnchangedMs", "langchainMs"].map((key) => [
        key,
        { 5: fmt(small[key]), 50: fmt(large[key]), ratio: ratio(key).toFixed(2) },
      ]),
    ),
  };
  if (values.json) console.log(JSON.stringify(result));
  else {
    console.log(
      `one server's refresh, ${tools} tools per server, ${rounds} rounds × 2 changes: median (min–max), ms`,
    );
    for (const [key, row] of Object.entries(result.figures))
      console.log(`${key.padEnd(17)} 5: ${row[5].padEnd(22)} 50: ${row[50].padEnd(22)} 50/5: ${row.ratio}`);
  }
} finally {
  for (const s of sources) {
    s.toolkit.dispose();
    await s.source.close();
    await s.live.stop();
  }
  await paged.stop();
}
