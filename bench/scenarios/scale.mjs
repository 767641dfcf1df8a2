// Scenario 5, scale: many servers with many tools. Load time and client heap per contender, one
// server's refresh cost at 5 servers and at all of them (ours), the whole-set conversion of each of
// our adapters. (The tool bytes per model step, deferred vs not, are scenario 5b, tool-search.mjs.)
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { startHttpFixture } from "@toolnexus/fixtures";
import { CONTENDERS, contender as contenderNamed } from "../lib/contenders.mjs";
import { rotate, since, sleep, within } from "./lib-timing.mjs";

setFlagsFromString("--expose-gc");
/** A full collection, so heap figures hold what is reachable and not what awaits collection. */
const gc = runInNewContext("gc");
const heapMiB = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const SMALL = 5;
const LIVE = "live";
const CORE = "toolnexus core";
/** Our three views share one source: load and heap are the core's; the adapters are timed apart. */
const LOADERS = CONTENDERS.filter((c) => !c.ours || c.name === CORE);
const REFRESH_BUDGET_MS = 10_000;
/** After the full collection before a refresh, time for the collector's concurrent sweeping to end. */
const SETTLE_MS = 200;

/**
 * `servers` entries: `servers - 1` over the paginated fixture (`tools` tools, one page) and one,
 * `live`, over the list-changed fixture (grown to `tools` tools), all sharing two HTTP processes —
 * each entry is its own session, so the client's cost grows with the count and the machine's does not.
 */
function configOf(count, urls) {
  const entries = Array.from({ length: count - 1 }, (_, i) => [
    `s${String(i).padStart(2, "0")}`,
    { url: urls.paged },
  ]);
  return Object.fromEntries([...entries, [LIVE, { url: urls.live }]]);
}

/** Grows the list-changed fixture's shared table to `tools` tools (it starts with 8). */
async function growLiveServer(url, tools) {
  const client = new Client({ name: "bench-setup", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools: listed } = await client.listTools();
  if (tools > listed.length)
    await client.callTool({ name: "burst", arguments: { count: tools - listed.length } });
  await client.close();
}

/** Refreshes that failed and stray rejections, by message: a row note, never thrown. */
const failures = new Map();
const noteFailure = (prefix, error) => {
  const cause = error?.cause ? ` (${String(error.cause.message ?? error.cause).slice(0, 80)})` : "";
  const message = `${prefix}${String(error?.message ?? error).slice(0, 120)}${cause}`;
  failures.set(message, (failures.get(message) ?? 0) + 1);
};

/**
 * One server's refresh in our core: `add_tool` → the new tool in `source.tools`; wall time and
 * CPU, with an AI SDK `ToolSet` and a LangChain toolkit live over the source (built and read
 * before). Nothing the bench itself does inside the window grows with the server count: the
 * `add_tool` tool is looked up before the clock, the change is seen on its event (not by a walk
 * of `source.tools`), and the garbage of what ran before is collected before the clock. Then each adapter's own share: the AI SDK `ToolSet`'s first entry read after
 * the change (which brings its entries up to date: the refresh's own cost there), and the LangChain
 * toolkit's `tools` read (it follows a change on the event, inside the core's window). Undefined
 * when the call failed (counted in `failures`).
 */
async function refreshCost(conn, name) {
  const { source } = conn;
  await source.whenSettled();
  const aiSdkTools = toAiSdkTools(source);
  const toolkit = createLangChainToolkit(source);
  Object.keys(aiSdkTools);
  void toolkit.tools.length;
  const addTool = source.tools.find((t) => t.server === LIVE && t.rawName === "add_tool");
  const added = `mcp__${LIVE}__${name}`;
  let stop = () => {};
  const seen = new Promise((resolve) => {
    stop = source.onToolsChange((server, change) => {
      if (server === LIVE && change.added.includes(added)) resolve();
    });
  });
  // What the loads and whole-set conversions before left (garbage of 50 servers × 100 tools, four
  // contenders' worth) is collected before the clock, at both sizes alike: left to the collector,
  // it fell into the 50-server window and doubled its CPU time, with no work of the refresh's own.
  gc();
  await sleep(SETTLE_MS);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    if (!addTool) throw new Error(`${LIVE} offers no add_tool`);
    const call = addTool.execute({ name }).then((result) => {
      if (result.isError) throw new Error(`add_tool failed: ${result.error?.message ?? "isError"}`);
    });
    await within(Promise.all([call, seen]), REFRESH_BUDGET_MS);
    const ms = since(start);
    const { user, system } = process.cpuUsage(cpu);
    let at = performance.now();
    void aiSdkTools[added];
    const aiSdk = since(at);
    at = performance.now();
    void toolkit.tools.length;
    const langchain = since(at);
    return { ms, cpuMs: (user + system) / 1000, aiSdk, langchain };
  } catch (error) {
    noteFailure("refresh: ", error);
    return undefined;
  } finally {
    stop();
    toolkit.dispose();
  }
}

/** Time to convert the whole current set, in each of our adapters (a fresh view each time). */
function conversionMs(source) {
  let start = performance.now();
  const tools = toAiSdkTools(source);
  for (const key of Object.keys(tools)) tools[key];
  const aiSdk = since(start);
  start = performance.now();
  const toolkit = createLangChainToolkit(source);
  void toolkit.tools.length;
  const langchain = since(start);
  toolkit.dispose();
  return { aiSdk, langchain };
}

export default {
  id: "scale",
  title: "5. Scale",
  description: [
    "50 servers × 100 tools (`--quick`: 10 × 20) over Streamable HTTP: 49 entries on one `fixtures/paginated`",
    "process (`--tools 100 --page-size 100`) and one on a `fixtures/mcp-list-changed` process grown to 100 tools.",
    "Every entry is its own session, so what grows is the client's work, not the machine's server count.",
    "",
    "- **load**: each contender's `connect` in `bench/lib/contenders.mjs`, from the call to a usable tool set",
    "  (ours: `loadMcp`, the adapters share it; the peers connect and list every server);",
    "- **client heap**: `heapUsed` after a full GC, loaded minus before, in the bench process (all contenders",
    "  share it, so this is a rough figure; scenario 7 measures RSS in a fresh process per contender);",
    "- **refresh** (ours): the live server's `add_tool` → the new tool in `source.tools` (seen on the change event;",
    "  the loads' garbage collected before the clock, so the window holds the refresh and not their aftermath),",
    `  wall time and this process's CPU, at ${SMALL} servers and at all of them: one server's change must not cost more`,
    "  with more servers; with an AI SDK `ToolSet` and a LangChain toolkit live over the source (made and read",
    "  before), as an app using them has — the toolkit follows the change on the event, so its work is in this",
    "  figure. Then each adapter's own share after the change: the AI SDK `ToolSet`'s first entry read (the read",
    "  that brings its entries up to date: the refresh's cost in that adapter, not an enumeration of every key,",
    "  which is O(all tools) by nature and which the AI SDK does every step) and the LangChain toolkit's `tools`;",
    "- **conversion** (ours): the whole set as an AI SDK `ToolSet` (`toAiSdkTools`, every key read) and as",
    "  LangChain tools (`createLangChainToolkit(...).tools`); the peers convert inside their load;",
    "- **bytes per model step**, deferred vs not: scenario 5b (catalog, 10 × 50), not measured twice.",
    "",
    "Why: an agent with a dozen servers of 50–100 tools each is common; the client must stay cheap there.",
  ].join("\n"),

  async run({ quick, log = () => {}, iterations = quick ? 3 : 7 }) {
    const servers = quick ? 10 : 50;
    const tools = quick ? 20 : 100;
    failures.clear();
    // A peer's HTTP transport may leave a failed request's promise unhandled (seen with @ai-sdk/mcp
    // when a loaded fixture closed a keep-alive socket): noted as a failure, not a dead bench process.
    const onUnhandled = (reason) => noteFailure("unhandled rejection: ", reason);
    process.on("unhandledRejection", onUnhandled);
    const paged = await startHttpFixture("paginated", [
      "--tools",
      String(tools),
      "--page-size",
      String(tools),
    ]);
    const live = await startHttpFixture("mcp-list-changed");
    const urls = { paged: paged.url, live: live.url };
    const samples = new Map();
    const push = (contender, metric, unit, value) => {
      const key = `${contender}\u0000${metric}`;
      if (!samples.has(key)) samples.set(key, { contender, metric, unit, samples: [] });
      samples.get(key).samples.push(value);
    };
    const pushRefresh = (count, result) => {
      if (!result) return;
      push(CORE, `one server's refresh at ${count} servers`, "ms", result.ms);
      push(CORE, `one server's refresh at ${count} servers, CPU`, "ms", result.cpuMs);
      const reread = `one server's refresh at ${count} servers: the adapter's share after the change`;
      push("toolnexus AI SDK adapter", reread, "ms", result.aiSdk);
      push("toolnexus LangChain adapter", reread, "ms", result.langchain);
    };
    try {
      await growLiveServer(live.url, tools);
      const full = configOf(servers, urls);
      const small = configOf(SMALL, urls);
      /** One contender's load, heap and (ours) conversion and refresh figures, at the full size. */
      const measureLoad = async (contender, i) => {
        const before = heapMiB();
        const start = performance.now();
        const conn = await contender.connect(full);
        try {
          push(contender.name, `load ${servers} × ${tools}`, "ms", since(start));
          push(contender.name, `client heap, ${servers} × ${tools} loaded`, "MiB", heapMiB() - before);
          if (contender.name !== CORE) return;
          const { aiSdk, langchain } = conversionMs(conn.source);
          push("toolnexus AI SDK adapter", `whole-set conversion, ${servers} × ${tools}`, "ms", aiSdk);
          push("toolnexus LangChain adapter", `whole-set conversion, ${servers} × ${tools}`, "ms", langchain);
          pushRefresh(servers, await refreshCost(conn, `wide_${i}`));
        } finally {
          await conn.close();
        }
      };
      const narrowRefresh = async (i, record = true) => {
        try {
          const conn = await contenderNamed(CORE).connect(small);
          const narrow = await refreshCost(conn, `narrow_${i}`).finally(() => conn.close());
          if (record) pushRefresh(SMALL, narrow);
        } catch (error) {
          noteFailure(`${CORE} at ${SMALL} servers: `, error);
        }
      };
      // One unrecorded round first, so the first recorded refresh does not pay for compiling the path.
      await narrowRefresh("warm-up", false);
      for (let i = 0; i < iterations; i++) {
        // Interleaved with the wide figures: before the loads on even runs, after them on odd ones.
        if (i % 2 === 0) await narrowRefresh(i);
        for (const contender of rotate(LOADERS, i)) {
          await measureLoad(contender, i).catch((error) => noteFailure(`${contender.name}: `, error));
          log(`scale ${i + 1}/${iterations} ${contender.name}`);
        }
        if (i % 2 === 1) await narrowRefresh(i);
      }
    } finally {
      await Promise.all([paged.stop(), live.stop()]);
      process.off("unhandledRejection", onUnhandled);
    }
    const rows = [...samples.values()];
    if (failures.size > 0) {
      const note = `failures during the run (refreshes, stray rejections): ${[...failures].map(([m, n]) => `${n} × ${m}`).join("; ")}`;
      const loadRow = rows.find((row) => row.metric.startsWith("load "));
      if (loadRow) loadRow.note = note;
      else rows.push({ contender: CORE, metric: "scale", unit: "ms", samples: [], never: note });
      log(`scale: ${note}`);
    }
    return rows;
  },

  targets(summary) {
    /** Median figures of `contender` by server count, for the metrics `pattern` matches (`{ [count]: median }`). */
    const byCount = (contender, pattern) => {
      const medians = new Map();
      for (const row of summary.rows) {
        const match = pattern.exec(row.metric);
        if (row.contender === contender && match) medians.set(Number(match[1]), row.median);
      }
      return medians;
    };
    const flat = (text, medians) => {
      const most = Math.max(...medians.keys());
      const narrow = medians.get(SMALL);
      const wide = most > SMALL ? medians.get(most) : undefined;
      const ratio = narrow && wide ? wide / narrow : undefined;
      return {
        text: `${text} flat (± 20 %) from ${SMALL} servers to ${most}`,
        met: ratio !== undefined && ratio >= 0.8 && ratio <= 1.2,
        detail:
          ratio === undefined
            ? "no figure"
            : `${ratio.toFixed(2)} × (${narrow.toPrecision(3)} → ${wide.toPrecision(3)} ms)`,
      };
    };
    // The LangChain toolkit follows a change on the event: its share is inside the core's figures.
    return [
      flat(`${CORE}: one server's refresh time`, byCount(CORE, /^one server's refresh at (\d+) servers$/)),
      flat(
        `${CORE}: one server's refresh CPU`,
        byCount(CORE, /^one server's refresh at (\d+) servers, CPU$/),
      ),
      flat(
        "toolnexus AI SDK adapter: its share of one server's refresh",
        byCount("toolnexus AI SDK adapter", /^one server's refresh at (\d+) servers: the adapter's share/),
      ),
    ];
  },
};
