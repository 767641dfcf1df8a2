/**
 * `watch [config]`: resident mode. Auto-restart and the live tool list on; every state transition
 * and tool change printed with a timestamp until SIGINT/SIGTERM, then `close()` and exit 0.
 * @module
 */
import type { ConnectionState, StateInfo, ToolsChange } from "@toolnexus/mcp-core";
import { type Command, type CommandContext, configAndRest, openSource, resolveConfig } from "../command.js";
import type { ConfigChoice } from "../config-file.js";
import { COLUMNS, cut, firstLine, formatMs, type Output, oneLine, paint, toolCount } from "../output.js";
import { EXIT } from "../usage-error.js";

/** `HH:MM:SS.mmm` in UTC. */
function timestamp(): string {
  return new Date().toISOString().slice(11, 23);
}

function stateLine(
  server: string,
  state: ConnectionState,
  info: Partial<StateInfo> & { pid?: number | undefined },
): string {
  const parts = [`${server}: ${info.previous ? `${info.previous} → ` : ""}${state}`];
  if (info.reason) parts.push(`(${info.reason})`);
  if (info.pid !== undefined) parts.push(`pid ${info.pid}`);
  if (info.attempt !== undefined) parts.push(`attempt ${info.attempt}`);
  if (info.nextDelayMs !== undefined) parts.push(`retry in ${formatMs(info.nextDelayMs)}`);
  if (info.authorizationUrl) parts.push(`open ${oneLine(info.authorizationUrl)}`);
  return parts.join(" ") + (info.error ? `: ${firstLine(info.error.message)}` : "");
}

function toolsLine(server: string, change: ToolsChange): string {
  const list = (sign: string, names: string[]) => names.map((n) => `${sign}${oneLine(n)}`);
  const names = [...list("+", change.added), ...list("-", change.removed), ...list("~", change.changed)];
  return `${server}: tools ${names.join(" ")}`;
}

function print(output: Output, line: string, color?: "red" | "green" | "yellow"): void {
  const text = cut(`${timestamp()} ${line}`, COLUMNS);
  output.out(color ? paint(output, color, text) : text);
}

function colorOf(state: ConnectionState): "red" | "green" | "yellow" {
  if (state === "running") return "green";
  return state === "error" ? "red" : "yellow";
}

/**
 * The first SIGINT or SIGTERM. The listeners stay until `dispose()` (after `close()`): while they are
 * there the core, which kills the children on the signal, leaves the exit to us instead of raising
 * the signal again. Idle children do not keep Node alive, so a timer does until the signal comes.
 */
function signals(): { received: Promise<NodeJS.Signals>; dispose(): void } {
  let resolve: (signal: NodeJS.Signals) => void = () => {};
  const received = new Promise<NodeJS.Signals>((r) => {
    resolve = r;
  });
  const keepAlive = setInterval(() => {}, 2 ** 30);
  const on = (signal: NodeJS.Signals) => {
    clearInterval(keepAlive);
    resolve(signal);
  };
  process.on("SIGINT", on);
  process.on("SIGTERM", on);
  return {
    received,
    dispose: () => {
      clearInterval(keepAlive);
      process.off("SIGINT", on);
      process.off("SIGTERM", on);
    },
  };
}

async function run(context: CommandContext): Promise<number> {
  const [named] = configAndRest(context.positionals, 0);
  const config = resolveConfig(context, named);
  const stop = signals(); // listening before the load: a Ctrl-C during it still closes cleanly
  try {
    return await watchUntilSignal(context, config, stop.received);
  } finally {
    stop.dispose();
  }
}

async function watchUntilSignal(
  context: CommandContext,
  config: ConfigChoice,
  received: Promise<NodeJS.Signals>,
): Promise<number> {
  const { output } = context;
  const source = await openSource(context, config, { autoRestart: true, liveToolList: true });
  try {
    source.onStateChange((server, state, info) => {
      const pid = state === "running" ? source.servers().find((s) => s.name === server)?.pid : undefined;
      print(output, stateLine(server, state, { ...info, pid }), colorOf(state));
    });
    source.onToolsChange((server, change) => print(output, toolsLine(server, change)));
    for (const s of source.servers()) {
      if (s.status === "disabled") continue;
      const detail = s.state === "running" ? ` (${toolCount(s.toolCount)})` : "";
      const error = s.lastError && s.state !== "running" ? { error: new Error(s.lastError) } : {};
      print(output, stateLine(s.name, s.state, { pid: s.pid, ...error }) + detail, colorOf(s.state));
    }
    output.err("watching; Ctrl-C to stop");
    const signal = await received;
    output.err(`${signal}: closing`);
  } finally {
    await source.close();
  }
  return EXIT.ok;
}

/** The `watch` command. */
export const watch: Command = {
  name: "watch",
  usage: "watch [config]",
  summary: "resident mode: print every state transition and tool change until Ctrl-C",
  flags: ["timeout", "verbose"],
  details: ["Auto-restart and the live tool list are on. Ctrl-C (or SIGTERM) closes every server, exit 0."],
  example: "toolnexus-mcp watch ./mcp.json",
  run,
};
