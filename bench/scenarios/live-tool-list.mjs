// Scenario 4, live tool list: the server adds a tool (and sends notifications/tools/list_changed);
// how long until the tool set the user already holds shows it, polled every 10 ms.
import { join } from "node:path";
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { fixturePath, makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { BASELINE, CONTENDERS } from "../lib/contenders.mjs";
import { reapDescendants } from "./lib-child-pids.mjs";
import { firstTrue, sampleRound } from "./lib-timing.mjs";

const POLL_EVERY_MS = 10;
const NEVER_AFTER_MS = 10_000;
/** The smoke run only needs a figure from everyone; ours show a new tool within ~0.1 s. */
const QUICK_NEVER_AFTER_MS = 2_000;
const METRIC = "add_tool called → the new tool in the tool set held";

const RAW_OPTION = `${BASELINE} (its listChanged option)`;
/** What a user of each peer must do to see a new tool (their tool set does not follow). */
const RELOAD = {
  [BASELINE]: "`client.listTools()` again, or the Client's `listChanged` option (row below)",
  "raw SDK v2 Client": "`client.listTools()` again",
  "@ai-sdk/mcp": "`await client.tools()` again (it lists anew; the ToolSet handed out never changes)",
  "@langchain/mcp-adapters":
    "`loadMcpTools(server, await client.getClient(server))`; `getTools()` returns the tools of connect time and its `onToolsListChanged` hook only reports",
};

/**
 * The raw SDK Client with its `listChanged.tools` option (autoRefresh, default 300 ms debounce): the
 * list it hands the callback is the set a user holds. The contender handle lists once, as most do.
 */
async function rawWithListChanged(servers) {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  let listed = [];
  const client = new Client(
    { name: "bench", version: "1.0.0" },
    {
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (!error) listed = tools;
          },
        },
      },
    },
  );
  await client.connect(new StdioClientTransport({ ...servers.s, stderr: "ignore" }));
  listed = (await client.listTools()).tools;
  const addTool = async (args) => client.callTool({ name: "add_tool", arguments: args });
  return {
    tools: () => new Map([...listed.map((t) => [`s/${t.name}`, () => {}]), ["s/add_tool", addTool]]),
    close: () => client.close(),
  };
}

/**
 * The tool names in the set a user of `subject` holds, as a function read again at each poll:
 * our adapters' own sets (the AI SDK ToolSet, the LangChain toolkit), else the handle's `tools()`.
 */
function heldNames(subject, conn) {
  if (subject.id === "toolnexus AI SDK adapter") {
    const toolSet = toAiSdkTools(conn.source);
    return { names: () => Object.keys(toolSet), dispose: () => {} };
  }
  if (subject.id === "toolnexus LangChain adapter") {
    const toolkit = createLangChainToolkit(conn.source);
    return { names: () => toolkit.tools.map((t) => t.name), dispose: () => toolkit.dispose() };
  }
  return { names: () => [...conn.tools().keys()], dispose: () => {} };
}

/**
 * @returns {Promise<{ ms: number | undefined, reaped: Promise<number> }>} `reaped` settles once the
 *   run's server processes are gone (reaped while the next run goes on: the marker is this run's)
 */
async function visibleMs(subject, dir, label, budgetMs) {
  const servers = {
    s: {
      command: process.execPath,
      args: [fixturePath("mcp-list-changed"), "--log", join(dir, `${label}.log`)],
    },
  };
  let conn;
  try {
    conn = await subject.connect(servers);
  } catch (error) {
    await reapDescendants(`${label}.log`);
    throw error;
  }
  const held = heldNames(subject, conn);
  let ms;
  let reaped;
  try {
    const name = `added_${label.replaceAll("-", "_")}`;
    // Names are `s/<raw>` in handles and `mcp__s__<raw>` in our adapters' sets.
    const shown = () => held.names().some((n) => n === `s/${name}` || n.endsWith(`__${name}`));
    // The clock starts with the call: the server sends list_changed before it answers.
    const added = conn.tools().get("s/add_tool")({ name });
    ms = await firstTrue(shown, { everyMs: POLL_EVERY_MS, budgetMs });
    await added;
  } finally {
    held.dispose();
    await conn.close().catch(() => {});
    reaped = reapDescendants(`${label}.log`);
  }
  return { ms, reaped };
}

const SUBJECTS = [
  ...CONTENDERS.map((c) => ({ id: c.name, ours: c.ours, connect: (servers) => c.connect(servers) })),
  { id: RAW_OPTION, connect: rawWithListChanged },
];

export default {
  id: "live-tool-list",
  title: "4. Live tool list",
  description: [
    "A connected stdio server (`fixtures/mcp-list-changed`) registers a new tool, called through the",
    "contender's own `add_tool` tool, and sends `notifications/tools/list_changed`. The figure is the",
    `time from that call until the new tool is in the tool set the user already holds, polled every ${POLL_EVERY_MS} ms`,
    `("never" after ${NEVER_AFTER_MS / 1000} s, ${QUICK_NEVER_AFTER_MS / 1000} s with \`--quick\`; a contender that never shows it is run once).`,
    "A run's server processes are reaped after its close while the next run goes on; the peers' first samples",
    '(their own tool sets, where "never" takes the whole wait) run at the same time, each on its own server.',
    "",
    "- **ours**: `source.tools` (core), the AI SDK `ToolSet` from `toAiSdkTools`, the LangChain toolkit's `tools`",
    "  (default `liveToolList: true`, `listChangedDebounceMs: 50`);",
    "- **raw SDK Client** (`@modelcontextprotocol/sdk` 1.x) as the handle lists (once), and again with its",
    "  `listChanged.tools.onChanged` option (`autoRefresh`, default debounce 300 ms): the list it hands the callback;",
    "- **@langchain/mcp-adapters**: the array from `getTools()`; its `onToolsListChanged` hook only reports the",
    "  notification — the manual reload is `loadMcpTools(server, await client.getClient(server))`;",
    "- **@ai-sdk/mcp**: the `ToolSet` from `client.tools()`; it does not handle notifications — the manual",
    "  reload is `await client.tools()` again.",
    "",
    "Why: a long-running agent's servers change under it; a tool set that goes stale needs code that every",
    "caller writes again.",
  ].join("\n"),

  async run({ quick, log = () => {}, workDir, iterations = quick ? 3 : 7 }) {
    const budgetMs = quick ? QUICK_NEVER_AFTER_MS : NEVER_AFTER_MS;
    const dir = workDir ?? makeTempDir("toolnexus-bench-live-");
    const results = new Map(SUBJECTS.map((s) => [s.id, { samples: [], never: 0, error: undefined }]));
    const reaping = [];
    try {
      for (let i = 0; i < iterations; i++) {
        const sample = async (subject) => {
          const result = results.get(subject.id);
          const label = `c${SUBJECTS.indexOf(subject)}-${i}`;
          const got = await visibleMs(subject, dir, label, budgetMs).catch((error) => {
            result.error = String(error?.message ?? error).slice(0, 200);
            return { ms: undefined };
          });
          if (got.reaped) reaping.push(got.reaped);
          if (got.ms === undefined) result.never++;
          result.samples.push(got.ms ?? budgetMs);
          log(
            `live-tool-list ${i + 1}/${iterations} ${subject.id}: ${got.ms === undefined ? "never" : `${got.ms.toFixed(0)} ms`}`,
          );
        };
        // The peers that never pass (see `sampleRound`) run their first sample at the same time.
        await sampleRound({
          subjects: SUBJECTS,
          iteration: i,
          together: (s) => !s.ours && s.id !== RAW_OPTION,
          results,
          sample,
        });
      }
      await Promise.all(reaping);
    } finally {
      if (!workDir) removeTempDir(dir);
    }
    return SUBJECTS.map(({ id }) => {
      const { samples, never, error } = results.get(id);
      if (never < samples.length) return { contender: id, metric: METRIC, unit: "ms", samples };
      const reload = RELOAD[id] ? `; manual reload: ${RELOAD[id]}` : "";
      const why = error ? `failed: ${error}` : `not within ${budgetMs / 1000} s${reload}`;
      return { contender: id, metric: METRIC, unit: "ms", samples: [], never: why };
    });
  },

  targets(summary) {
    return CONTENDERS.filter((c) => c.ours).map((c) => {
      const row = summary.get(c.name, METRIC);
      const met = row !== undefined && !row.never;
      return {
        text: `${c.name}: a tool added by list_changed appears without a reload`,
        met,
        detail: met ? `${row.median?.toFixed(0)} ms` : (row?.never ?? "no figure"),
      };
    });
  },
};
