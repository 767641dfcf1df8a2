// Scenario 4, live tool list: the server adds a tool (and sends notifications/tools/list_changed);
// how long until the tool set the user already holds shows it, polled every 10 ms.
import { join } from "node:path";
import { fixturePath, makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { descendantPids } from "./lib-child-pids.mjs";
import { CONTENDERS } from "./lib-handles.mjs";
import { firstTrue, rotate } from "./lib-timing.mjs";

const POLL_EVERY_MS = 10;
const NEVER_AFTER_MS = 10_000;
const METRIC = "add_tool called → the new tool in the tool set held";

async function visibleMs(contender, dir, label, budgetMs) {
  const servers = {
    s: {
      command: process.execPath,
      args: [fixturePath("mcp-list-changed"), "--log", join(dir, `${label}.log`)],
    },
  };
  const handle = await contender.open(servers);
  try {
    const addTool = handle.tool("s", "add_tool");
    const name = `added_${label.replaceAll("-", "_")}`;
    // The clock starts with the call: the server sends list_changed before it answers.
    const added = addTool({ name });
    const ms = await firstTrue(() => handle.toolNames().includes(name), { everyMs: POLL_EVERY_MS, budgetMs });
    await added;
    return { ms, reload: handle.reload };
  } finally {
    await handle.close().catch(() => {});
    for (const pid of descendantPids(`${label}.log`)) process.kill(pid, "SIGKILL");
  }
}

export default {
  id: "live-tool-list",
  title: "Live tool list",
  description: [
    "A connected stdio server (`fixtures/mcp-list-changed`) registers a new tool, called through the",
    "contender's own `add_tool` tool, and sends `notifications/tools/list_changed`. The figure is the",
    `time from that call until the new tool is in the tool set the user already holds, polled every ${POLL_EVERY_MS} ms`,
    `("never" after ${NEVER_AFTER_MS / 1000} s, 5 s with \`--quick\`; a contender that never shows it is run once).`,
    "",
    "- **ours**: `source.tools` (core), the AI SDK `ToolSet` from `toAiSdkTools`, the LangChain toolkit's `tools`",
    "  (default `liveToolList: true`, `listChangedDebounceMs: 50`);",
    "- **@modelcontextprotocol/sdk** 1.x: its `listChanged.tools.onChanged` option with `autoRefresh` (default",
    "  debounce 300 ms): the list it hands to the callback is the tool set;",
    "- **@langchain/mcp-adapters**: the array from `getTools()`; its `onToolsListChanged` hook only reports the",
    "  notification — the manual reload is `loadMcpTools(server, await client.getClient(server))`;",
    "- **@ai-sdk/mcp**: the `ToolSet` from `client.tools()`; it does not handle notifications — the manual",
    "  reload is `await client.tools()` again.",
    "",
    "Why: a long-running agent's servers change under it; a tool set that goes stale needs code that every",
    "caller writes again.",
  ].join("\n"),

  async run({ quick, log = () => {} }) {
    const iterations = quick ? 3 : 7;
    const budgetMs = quick ? NEVER_AFTER_MS / 2 : NEVER_AFTER_MS;
    const dir = makeTempDir("toolnexus-bench-live-");
    const results = new Map(
      CONTENDERS.map((c) => [c.id, { samples: [], never: 0, reload: undefined, error: undefined }]),
    );
    try {
      for (let i = 0; i < iterations; i++) {
        for (const contender of rotate(CONTENDERS, i)) {
          const result = results.get(contender.id);
          // A set that never followed once is static by design: once is enough.
          if (result.never > 0 && result.never === result.samples.length) continue;
          const label = `c${CONTENDERS.indexOf(contender)}-${i}`;
          const got = await visibleMs(contender, dir, label, budgetMs).catch((error) => {
            result.error = String(error?.message ?? error).slice(0, 200);
            return { ms: undefined };
          });
          if (got.ms === undefined) result.never++;
          result.reload = got.reload;
          result.samples.push(got.ms ?? budgetMs);
          log(
            `live-tool-list ${i + 1}/${iterations} ${contender.id}: ${got.ms === undefined ? "never" : `${got.ms.toFixed(0)} ms`}`,
          );
        }
      }
    } finally {
      removeTempDir(dir);
    }
    return CONTENDERS.map(({ id }) => {
      const { samples, never, reload, error } = results.get(id);
      if (never < samples.length) return { contender: id, metric: METRIC, unit: "ms", samples };
      const why = error
        ? `failed: ${error}`
        : `not within ${budgetMs / 1000} s${reload ? `; manual reload: ${reload}` : ""}`;
      return { contender: id, metric: METRIC, unit: "ms", samples: [], never: why };
    });
  },

  targets(summary) {
    return CONTENDERS.filter((c) => c.ours).map((c) => {
      const row = summary.find((r) => r.contender === c.id && r.metric === METRIC);
      const met = row !== undefined && !row.never;
      return {
        text: `${c.id}: a tool added by list_changed appears without a reload`,
        met,
        detail: met ? `${row.median?.toFixed(0)} ms` : (row?.never ?? "no figure"),
      };
    });
  },
};
