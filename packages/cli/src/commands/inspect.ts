/**
 * `inspect [config]`: connect every server, stream each one's result as it settles, then one table
 * row per server. With `--timeout`, the deadline names the servers still starting and the table
 * shows what had settled.
 * @module
 */
import type { McpServerApps, McpSource, ServerSnapshot } from "@toolnexus/mcp-core";
import {
  type DefinitionTokenReport,
  definitionTokens,
  type ServerDefinitionTokens,
} from "@toolnexus/mcp-core/adapter";
import { fileTokenStore } from "@toolnexus/mcp-core/stores";
import { readConfig, startingOnly } from "../cli-config.js";
import {
  type CommandContext,
  command,
  configAndRest,
  LoadTimeoutError,
  openSource,
  resolveConfig,
  usingSource,
} from "../command.js";
import type { ConfigChoice } from "../config-file.js";
import { withLoginHint } from "../needs-auth.js";
import { causeOf, cell, formatMs, labelled, type Output, oneLine, paint } from "../output.js";
import { type Progress, startProgress } from "../progress.js";
import { checkServerName } from "../server-selection.js";
import { stderrLines } from "../stderr-lines.js";
import { EXIT } from "../usage-error.js";
import { appLines } from "./inspect-apps.js";
import { authLines, type InspectAuth, inspectAuth } from "./inspect-auth.js";
import { definitionLines, definitionSummary, definitionTotals } from "./inspect-tokens.js";

/** One server's row, as `--json` prints it too. */
export interface InspectRow extends ServerSnapshot {
  /** Whole milliseconds from the start of the load until the server was running (undefined when it is not). */
  connectMs: number | undefined;
  /**
   * Its tool definitions' cost in the model's context (`definitionTokens`): tokens, deferred tools,
   * cut descriptions and instructions. Absent when the load timed out before the source existed.
   */
  definitions?: ServerDefinitionTokens | undefined;
  /** Its MCP Apps: `ui://` resources and app-only / model-only tools (absent when it has none). */
  apps?: McpServerApps | undefined;
  /** Its OAuth flow and its stored token's binding (absent without `auth`); never the token. */
  auth?: InspectAuth | undefined;
}

/** The columns after SERVER: title, width, right-aligned. */
const COLUMNS_AFTER_SERVER: readonly [string, number, boolean][] = [
  ["TRANSPORT", 9, false],
  ["ERA", 10, false],
  ["STATE", 10, false],
  ["TOOLS", 5, true],
  ["CONNECT", 7, true],
  ["PID", 7, true],
];

/** What the columns after SERVER take, with the space before each. */
const AFTER_SERVER_WIDTH = COLUMNS_AFTER_SERVER.reduce((sum, [, width]) => sum + width + 1, 0);

function row(
  output: Output,
  serverWidth: number,
  values: readonly string[],
  stateColor?: "green" | "red" | "yellow",
): string {
  const [server = "", ...rest] = values;
  const cells = COLUMNS_AFTER_SERVER.map(([, width, right], i) => {
    const text = cell(rest[i] ?? "", width, right);
    return i === 2 && stateColor ? paint(output, stateColor, text) : text;
  });
  return [cell(server, serverWidth), ...cells].join(" ").trimEnd();
}

function stateColorOf(server: ServerSnapshot): "green" | "red" | "yellow" {
  if (server.state === "running") return "green";
  return server.state === "error" ? "red" : "yellow";
}

/** Did this enabled server fail to connect? */
function failed(server: ServerSnapshot): boolean {
  return server.status !== "disabled" && server.state !== "running";
}

/**
 * The table: one row per server, then its env names, error and the last lines of its stderr (a
 * failed server's; every server's with `--verbose`). Server
 * names are never cut: the column is as wide as the longest that fits, a longer one gets a line.
 */
export function printTable(output: Output, rows: readonly InspectRow[], verbose: boolean): void {
  const longest = Math.max(6, ...rows.map((r) => [...r.name].length));
  const serverWidth = Math.min(longest, output.width - AFTER_SERVER_WIDTH);
  const titles = ["SERVER", ...COLUMNS_AFTER_SERVER.map(([title]) => title)];
  output.out(paint(output, "bold", row(output, serverWidth, titles)));
  for (const server of rows) {
    const state = server.status === "disabled" ? "disabled" : server.state;
    const nameFits = [...server.name].length <= serverWidth;
    if (!nameFits) output.out(server.name);
    const values = [
      nameFits ? server.name : "",
      server.transportUsed ?? server.transport,
      server.protocolVersion ?? "–",
      state,
      String(server.toolCount),
      formatMs(server.connectMs),
      server.pid === undefined ? "–" : String(server.pid),
    ];
    output.out(
      row(output, serverWidth, values, server.status === "disabled" ? undefined : stateColorOf(server)),
    );
    for (const line of authLines(output, server.auth)) output.out(line);
    for (const line of details(output, server, verbose)) output.out(line);
    for (const line of definitionLines(output, server.definitions)) output.out(line);
    for (const line of appLines(output, server.apps)) output.out(line);
  }
}

/** The lines below a server's row. */
function details(output: Output, server: InspectRow, verbose: boolean): string[] {
  const lines: string[] = [];
  if (server.transport === "stdio" && server.env) {
    lines.push(...labelled(output, "  env: ", server.env.map((e) => e.name).join(", ") || "(none)"));
  }
  if (server.lastError && failed(server)) {
    lines.push(
      ...labelled(output, "  error: ", causeOf(server.lastError)).map((l) => paint(output, "red", l)),
    );
  }
  // A failed server's last stderr lines are its cause; a running one's only with --verbose.
  if (verbose || failed(server)) lines.push(...stderrLines(output, server.stderrTail, verbose));
  return lines;
}

/** Resolves after `ms` (true), or when `work` settles first (false); the timer never outlives it. */
async function outlasts(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.then(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Lazy servers wait for their first call; inspect starts them (and times that start alone). */
async function startLazy(source: McpSource, connectMs: Map<string, number>): Promise<void> {
  const lazy = source.servers().filter((s) => s.status !== "disabled" && s.lazy && s.state === "stopped");
  await Promise.all(
    lazy.map(async (server) => {
      const started = performance.now();
      await source.start(server.name).catch(() => {});
      connectMs.set(server.name, performance.now() - started);
    }),
  );
}

/** The client capabilities `inspect` declares to every server: only roots, and only with `--roots`. */
function declared(flags: CommandContext["flags"]): string[] {
  return [
    ...(flags.roots === undefined ? [] : ["roots"]),
    ...(flags.apps ? ["io.modelcontextprotocol/ui"] : []),
  ];
}

/** The progress's last word, the table (or JSON) and the exit code; a timeout named first. */
function report(
  context: CommandContext,
  config: ConfigChoice,
  settled: readonly InspectRow[],
  progress: Progress | undefined,
  timeout?: LoadTimeoutError,
  tokens?: DefinitionTokenReport,
  apps?: readonly McpServerApps[],
): number {
  const { output, flags } = context;
  const byName = new Map(tokens?.servers.map((s) => [s.server, s]));
  const appsOf = new Map(apps?.filter((a) => a.tools.length > 0).map((a) => [a.server, a]));
  const rows = settled.map((row) => ({
    ...row,
    ...(tokens && { definitions: byName.get(row.name) }),
    ...(appsOf.has(row.name) && { apps: appsOf.get(row.name) }),
  }));
  progress?.finish(rows);
  if (timeout) for (const line of labelled(output, "error: ", timeout.message)) output.err(line);
  if (flags.json) {
    const timedOut = timeout && { timeoutMs: timeout.timeoutMs, stillStarting: timeout.slow };
    const clientCapabilities = declared(flags);
    output.out(
      JSON.stringify(
        {
          config: config.path,
          clientCapabilities,
          servers: rows,
          ...(tokens && { toolDefinitions: definitionTotals(tokens) }),
          ...(timedOut && { timedOut }),
        },
        null,
        2,
      ),
    );
  } else {
    printTable(output, rows, flags.verbose);
    if (tokens) for (const line of definitionSummary(output, tokens)) output.out(line);
    output.out(`client capabilities: ${declared(flags).join(", ") || "none"}`);
  }
  return timeout || rows.some(failed) ? EXIT.failed : EXIT.ok;
}

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named] = configAndRest(context.positionals, 0);
  const choice = resolveConfig(context, named);
  const parsed = await readConfig(choice); // a config error stops here, before anything starts
  const server = flags.server;
  // --server: checked before anything starts; then that server is the only one started.
  if (server !== undefined)
    checkServerName(parsed, server, `--server "${oneLine(server)}" is not in the config`);
  const config = startingOnly(choice, server === undefined ? undefined : [server]);
  const names = parsed.servers
    .filter((s) => s.enabled && (server === undefined || s.name === server))
    .map((s) => s.name);
  const progress = flags.json ? undefined : startProgress(output, names);
  const started = performance.now();
  const connectMs = new Map<string, number>();
  let early: McpSource | undefined;
  const authConfigs = await parsed.configs(names);
  let auth = await inspectAuth(authConfigs, fileTokenStore());
  const rowOf = (s: ServerSnapshot): InspectRow => {
    const ms = s.state === "running" ? connectMs.get(s.name) : undefined;
    // The source closes when inspect ends, its loopback listener too: a login command, not a dead URL.
    const row = { ...withLoginHint(s, config), connectMs: ms === undefined ? undefined : Math.round(ms) };
    return auth.has(s.name) ? { ...row, auth: auth.get(s.name) } : row;
  };
  // Subscribed for the load itself: each server's result is shown as it gets there.
  const onStateChange = (server: string, state: string) => {
    if (state === "running" && !connectMs.has(server)) connectMs.set(server, performance.now() - started);
    const snapshot = early?.servers().find((s) => s.name === server);
    if (snapshot) progress?.settle(rowOf(snapshot));
  };
  const writing = { ...context, output: progress?.output ?? output };
  let source: McpSource;
  try {
    source = await openSource(writing, config, {
      autoRestart: { enabled: false },
      onStateChange,
      onSource: (s) => {
        early = s;
      },
    });
  } catch (error) {
    if (error instanceof LoadTimeoutError) {
      return report(context, config, error.servers.map(rowOf), progress, error);
    }
    progress?.stop();
    throw error;
  }
  return usingSource(source, async () => {
    const lazy = startLazy(source, connectMs);
    const left = flags.timeoutMs === undefined ? undefined : flags.timeoutMs - (performance.now() - started);
    if (left !== undefined && (await outlasts(lazy, left))) {
      const timeout = new LoadTimeoutError(flags.timeoutMs as number, source.servers());
      const rows = timeout.servers.map(rowOf);
      return report(context, config, rows, progress, timeout, definitionTokens(source), source.apps());
    }
    await lazy;
    auth = await inspectAuth(authConfigs, fileTokenStore()); // the tokens the load got
    return report(
      context,
      config,
      source.servers().map(rowOf),
      progress,
      undefined,
      definitionTokens(source),
      source.apps(),
    );
  });
}

/** The `inspect` command. */
export const inspect = command({
  usage: "inspect [config]",
  summary:
    "start every server and show transport, era, state, tools, timing, env, errors and tool-definition tokens",
  flags: ["server", "json", "timeout", "verbose", "roots", "apps"],
  details: [
    "Each server's result is printed on stderr as it settles; then the table on stdout. --server <name>: only that server starts and is shown.",
    "--timeout: at the deadline, the servers still starting are named and the table shows what had settled.",
    "Below each server: its tool definitions' tokens as the model gets them (estimated as ceil(characters / 4)), the tools tool search defers (an entry's defer) and what that saves, and the descriptions and instructions cut for the model (maxDescriptionChars, maxInstructionsChars).",
    "Below each server that uses MCP Apps: each ui:// resource with the tools naming it, its app-only tools (never offered to a model) and its model-only tools; --apps declares the io.modelcontextprotocol/ui extension, for servers that list their app tools only to a client that does.",
    "The client capabilities declared to every server are named after the table: roots with --roots, io.modelcontextprotocol/ui with --apps, else none (inspect answers no elicitation, and the command line has no model for sampling).",
    "Exit code: 0 when every enabled server connected, 1 when any failed, 2 on a config error.",
  ],
  example: "toolnexus-mcp inspect ./mcp.json --verbose",
  run,
});
