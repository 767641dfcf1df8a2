/**
 * `watch [config]`: resident mode. Auto-restart and the live tool list on; every state transition
 * and tool change printed with a timestamp (`--json`: one JSON object per event and line) until
 * SIGINT/SIGTERM, then `close()` and exit 0.
 * @module
 */
import type { ConnectionState, McpSource, StateInfo, ToolsChange } from "@toolnexus/mcp-core";
import {
  type CommandContext,
  command,
  configAndRest,
  openSource,
  resolveConfig,
  usingSource,
} from "../command.js";
import type { ConfigChoice } from "../config-file.js";
import { needsAuthMessage } from "../needs-auth.js";
import { formatMs, type Output, oneLine, paint, statusLines, toolCount, wrap } from "../output.js";
import { EXIT } from "../usage-error.js";

/** `HH:MM:SS.mmm` in UTC. */
function timestamp(at: Date): string {
  return at.toISOString().slice(11, 23);
}

/** What a state line shows beyond the state: the pid and tool count of a running server. */
interface Running {
  pid?: number | undefined;
  toolCount?: number | undefined;
}

function stateStatus(server: string, state: ConnectionState, info: StateInfo, running: Running): string {
  const parts = [`${server}: ${info.previous} → ${state}`];
  if (info.reason) parts.push(`(${info.reason})`);
  if (running.pid !== undefined) parts.push(`pid ${running.pid}`);
  if (running.toolCount !== undefined) parts.push(`(${toolCount(running.toolCount)})`);
  if (info.attempt !== undefined) parts.push(`attempt ${info.attempt}`);
  if (info.nextDelayMs !== undefined) parts.push(`retry in ${formatMs(info.nextDelayMs)}`);
  return parts.join(" ");
}

function toolsStatus(server: string, change: ToolsChange): string {
  const list = (sign: string, names: string[]) => names.map((n) => `${sign}${oneLine(n)}`);
  const names = [...list("+", change.added), ...list("-", change.removed), ...list("~", change.changed)];
  return `${server}: tools ${names.join(" ")}`;
}

function colorOf(state: ConnectionState): "red" | "green" | "yellow" {
  if (state === "running") return "green";
  return state === "error" ? "red" : "yellow";
}

/** How watch prints: lines for people, or one JSON object per event. */
interface Printer {
  state(server: string, state: ConnectionState, info: StateInfo, running: Running): void;
  tools(server: string, change: ToolsChange): void;
}

/**
 * The error a state line shows: a server waiting for authorization is told the CLI's way (the URL
 * printed with it stays good while watch runs: its listener lives as long as the source).
 */
function errorText(server: string, state: ConnectionState, info: StateInfo, config: ConfigChoice) {
  if (state !== "needs-auth") return info.error?.message;
  const login = needsAuthMessage(server, config);
  return info.authorizationUrl ? `${login}, or open the URL below while watch runs` : login;
}

function textPrinter(output: Output, config: ConfigChoice): Printer {
  const print = (lines: readonly string[], color?: "red" | "green" | "yellow") => {
    for (const line of lines) output.out(color ? paint(output, color, line) : line);
  };
  return {
    state: (server, state, info, running) => {
      const stamp = `${timestamp(new Date())} `;
      const lines = statusLines(
        output,
        stamp + stateStatus(server, state, info, running),
        errorText(server, state, info, config),
      );
      // A URL to copy is never cut nor broken: a line of its own, however long.
      if (info.authorizationUrl) lines.push(`    authorize at: ${oneLine(info.authorizationUrl)}`);
      print(lines, colorOf(state));
    },
    tools: (server, change) =>
      print(wrap(toolsStatus(server, change), output.width, `${timestamp(new Date())} `, "    ")),
  };
}

function jsonPrinter(output: Output, config: ConfigChoice): Printer {
  const print = (event: Record<string, unknown>) =>
    output.out(JSON.stringify({ time: new Date().toISOString(), ...event }));
  return {
    state: (server, state, info, running) =>
      print({
        server,
        event: "state",
        state,
        previous: info.previous,
        reason: info.reason,
        ...running,
        attempt: info.attempt,
        nextDelayMs: info.nextDelayMs,
        error: errorText(server, state, info, config),
        authorizationUrl: info.authorizationUrl,
      }),
    tools: (server, change) => print({ server, event: "tools", ...change }),
  };
}

/**
 * Follows a source from before its first start (no transition happens before the subscription,
 * none is printed twice): each change of a server's state once, and its tool changes after its
 * first listing (that one is the tool count of its `running` line).
 */
function follow(source: McpSource, printer: Printer): void {
  const shownState = new Map<string, ConnectionState>();
  const listed = new Set<string>();
  source.onStateChange((server, state, info) => {
    if (shownState.get(server) === state) return; // a repeat says nothing new
    shownState.set(server, state);
    const snapshot = state === "running" ? source.servers().find((s) => s.name === server) : undefined;
    if (snapshot) listed.add(server);
    printer.state(server, state, info, { pid: snapshot?.pid, toolCount: snapshot?.toolCount });
  });
  source.onToolsChange((server, change) => {
    if (listed.has(server)) printer.tools(server, change);
  });
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
  const { output, flags } = context;
  const printer = flags.json ? jsonPrinter(output, config) : textPrinter(output, config);
  const source = await openSource(context, config, {
    autoRestart: {},
    liveToolList: true,
    onSource: (early) => follow(early, printer),
  });
  return usingSource(source, async () => {
    output.err("watching; Ctrl-C to stop");
    const signal = await received;
    output.err(`${signal}: closing`);
    return EXIT.ok;
  });
}

/** The `watch` command. */
export const watch = command({
  usage: "watch [config]",
  summary: "resident mode: print every state transition and tool change until Ctrl-C",
  flags: ["json", "timeout", "verbose", "roots"],
  details: [
    "Auto-restart and the live tool list are on. Ctrl-C (or SIGTERM) closes every server, exit 0.",
    "--json: one JSON object per event and line (state changes, tool changes).",
  ],
  example: "toolnexus-mcp watch ./mcp.json",
  run,
});
