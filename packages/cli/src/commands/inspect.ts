/**
 * `inspect [config]`: connect every server, show live progress, then one table row per server.
 * @module
 */
import type { McpSource, ServerSnapshot } from "@toolnexus/mcp-core";
import { readConfig } from "../cli-config.js";
import { type Command, type CommandContext, configAndRest, openSource, resolveConfig } from "../command.js";
import { COLUMNS, cell, cut, firstLine, formatMs, type Output, oneLine, paint } from "../output.js";
import { startProgress } from "../progress.js";
import { EXIT } from "../usage-error.js";

/** One server's row, as `--json` prints it too. */
export interface InspectRow extends ServerSnapshot {
  /** Milliseconds from the start of the load until the server was running (undefined when it is not). */
  connectMs: number | undefined;
}

const HEADER: readonly [string, number, boolean][] = [
  ["SERVER", 16, false],
  ["TRANSPORT", 9, false],
  ["ERA", 10, false],
  ["STATE", 10, false],
  ["TOOLS", 5, true],
  ["CONNECT", 8, true],
  ["PID", 7, true],
];

function row(output: Output, values: readonly string[], stateColor?: "green" | "red" | "yellow"): string {
  return HEADER.map(([, width, right], i) => {
    const text = cell(values[i] ?? "", width, right);
    return i === 3 && stateColor ? paint(output, stateColor, text) : text;
  })
    .join(" ")
    .trimEnd();
}

function stateColorOf(server: ServerSnapshot): "green" | "red" | "yellow" {
  if (server.state === "running") return "green";
  return server.state === "error" ? "red" : "yellow";
}

/** Did this enabled server fail to connect? */
function failed(server: ServerSnapshot): boolean {
  return server.status !== "disabled" && server.state !== "running";
}

/** The table: one row per server, then its env names and error (stderr tail with `--verbose`). */
export function printTable(output: Output, rows: readonly InspectRow[], verbose: boolean): void {
  output.out(
    paint(
      output,
      "bold",
      row(
        output,
        HEADER.map(([title]) => title),
      ),
    ),
  );
  for (const server of rows) {
    const state = server.status === "disabled" ? "disabled" : server.state;
    const values = [
      server.name,
      server.transport,
      server.protocolVersion ?? "–",
      state,
      String(server.toolCount),
      formatMs(server.connectMs),
      server.pid === undefined ? "–" : String(server.pid),
    ];
    output.out(row(output, values, server.status === "disabled" ? undefined : stateColorOf(server)));
    if (server.env)
      output.out(cut(`  env: ${server.env.map((e) => e.name).join(", ") || "(none)"}`, COLUMNS));
    if (server.authorizationUrl) output.out(cut(`  authorize: ${oneLine(server.authorizationUrl)}`, COLUMNS));
    if (server.lastError && failed(server)) {
      output.out(paint(output, "red", cut(`  error: ${firstLine(server.lastError)}`, COLUMNS)));
    }
    if (verbose && server.stderrTail) {
      for (const line of server.stderrTail.trimEnd().split("\n").slice(-10)) {
        output.out(paint(output, "dim", cut(`  stderr| ${oneLine(line)}`, COLUMNS)));
      }
    }
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

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named] = configAndRest(context.positionals, 0);
  const config = resolveConfig(context, named);
  const parsed = await readConfig(config); // a config error stops here, before anything starts
  const progress = flags.json
    ? undefined
    : startProgress(
        output,
        parsed.servers.filter((s) => s.enabled).map((s) => s.name),
      );
  const started = performance.now();
  const connectMs = new Map<string, number>();
  // Subscribed for the load itself: each server's line turns to its result as it gets there.
  const onStateChange = (server: string, state: string) => {
    if (state === "running" && !connectMs.has(server)) connectMs.set(server, performance.now() - started);
    if (state === "running") progress?.settle(server, `connected in ${formatMs(connectMs.get(server))}`);
    else if (state === "error" || state === "needs-auth") progress?.settle(server, state);
  };
  const source = await openSource(context, config, { autoRestart: false, onStateChange }).catch(
    (error: unknown) => {
      progress?.stop();
      throw error;
    },
  );
  try {
    await startLazy(source, connectMs);
    const rows: InspectRow[] = source.servers().map((s) => ({
      ...s,
      connectMs: s.state === "running" ? connectMs.get(s.name) : undefined,
    }));
    progress?.finish(rows);
    if (flags.json) output.out(JSON.stringify({ config: config.path, servers: rows }, null, 2));
    else printTable(output, rows, flags.verbose);
    return rows.some(failed) ? EXIT.failed : EXIT.ok;
  } finally {
    await source.close();
  }
}

/** The `inspect` command. */
export const inspect: Command = {
  name: "inspect",
  usage: "inspect [config]",
  summary: "start every server and show transport, era, state, tools, timing, env and errors",
  flags: ["json", "timeout", "verbose"],
  details: ["Exit code: 0 when every enabled server connected, 1 when any failed, 2 on a config error."],
  example: "toolnexus-mcp inspect ./mcp.json --verbose",
  run,
};
