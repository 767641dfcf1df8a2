/**
 * `tools [config] [--server NAME] [--json]`: final names, raw names, descriptions (their first line).
 * @module
 */
import type { McpSource, McpTool } from "@toolnexus/mcp-core";
import { listedDefinition } from "@toolnexus/mcp-core/adapter";
import { readConfig, startingOnly } from "../cli-config.js";
import {
  type CommandContext,
  command,
  configAndRest,
  openSource,
  resolveConfig,
  usingSource,
} from "../command.js";
import type { ConfigChoice } from "../config-file.js";
import { withLoginHint } from "../needs-auth.js";
import { COLUMNS, causeOf, cut, firstLine, labelled, type Output, oneLine, paint, wrap } from "../output.js";
import { checkServerName } from "../server-selection.js";
import { stderrLines } from "../stderr-lines.js";
import { EXIT } from "../usage-error.js";

/**
 * What `--json` prints: each server's `tools/list` result as the official inspector prints it —
 * `{ "tools": [...] }`, every tool the object the server sent, field for field — for the one
 * server `--server` names; else every enabled server's, under its name (`{ "servers": { name:
 * { "tools": [...] } } }`; a server that did not start has none). Only the tools the config keeps.
 */
export function toolsJson(source: McpSource, only: string | undefined): unknown {
  const listing = (server: string) => ({
    tools: source.tools.filter((t) => t.server === server).map(listedDefinition),
  });
  if (only !== undefined) return listing(only);
  const names = source
    .servers()
    .filter((s) => s.status !== "disabled")
    .map((s) => s.name);
  return { servers: Object.fromEntries(names.map((name) => [name, listing(name)])) };
}

/** How many lines of a tool's description `tools` shows. */
const DESCRIPTION_LINES = 3;

/**
 * One tool for people: the final name whole (it is what `call` takes; the naming rule keeps it
 * within 64 characters) with the raw name beside it, or below when both do not fit; then the first
 * line of the description, wrapped.
 */
function toolLines(output: Output, tool: McpTool): string[] {
  const name = firstLine(tool.name);
  const raw = `(${firstLine(tool.rawName)})`;
  const lines =
    [...name].length + 2 + [...raw].length <= COLUMNS
      ? [`${paint(output, "bold", name)}  ${paint(output, "dim", raw)}`]
      : [paint(output, "bold", name), paint(output, "dim", `    ${raw}`)];
  const description = firstLine(tool.description);
  if (!description) return lines;
  const wrapped = wrap(description, COLUMNS, "    ", "    ", { keepLongWords: true });
  const shown = wrapped.slice(0, DESCRIPTION_LINES);
  if (wrapped.length > DESCRIPTION_LINES) shown[DESCRIPTION_LINES - 1] = cut(`${shown.at(-1)} …`, COLUMNS);
  return [...lines, ...shown.map((line) => cut(line, COLUMNS))];
}

/**
 * Each server that is not running, on stderr, with the whole first line of its error (the cause is
 * at its end): its tools are missing from the list for a reason.
 */
export function reportDownServers(
  context: CommandContext,
  source: McpSource,
  config: ConfigChoice,
  only?: string,
): boolean {
  let down = false;
  for (const s of source.servers().map((snapshot) => withLoginHint(snapshot, config))) {
    if ((only !== undefined && s.name !== only) || s.status === "disabled" || s.state === "running" || s.lazy)
      continue;
    down = true;
    const status = `${s.name}: ${s.state}${s.lastError ? `: ${causeOf(s.lastError)}` : ""}`;
    for (const line of labelled(context.output, "", status, 2)) context.output.err(line);
    for (const line of stderrLines(context.output, s.stderrTail, context.flags.verbose))
      context.output.err(line);
  }
  return down;
}

/**
 * Runs `use` on the settled source of a listing command (`tools`, `typegen`): `--server`, when
 * given, is checked before anything starts and is then the only server started; closed after.
 */
export async function withListedSource(
  context: CommandContext,
  use: (source: McpSource, choice: ConfigChoice, server: string | undefined) => Promise<number>,
): Promise<number> {
  const [named] = configAndRest(context.positionals, 0);
  const choice = resolveConfig(context, named);
  const server = context.flags.server;
  if (server !== undefined) {
    checkServerName(await readConfig(choice), server, `--server "${oneLine(server)}" is not in the config`);
  }
  const only = startingOnly(choice, server === undefined ? undefined : [server]);
  const source = await openSource(context, only, { autoRestart: { enabled: false } });
  return usingSource(source, async () => {
    await source.whenSettled(); // a lazy server's tools come from a discovery the load does not wait for
    return use(source, choice, server);
  });
}

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  return withListedSource(context, async (source, choice) => {
    const tools = source.tools.filter((t) => flags.server === undefined || t.server === flags.server);
    const down = reportDownServers(context, source, choice, flags.server);
    if (flags.json) {
      output.out(JSON.stringify(toolsJson(source, flags.server), null, 2));
    } else {
      for (const tool of tools) for (const line of toolLines(output, tool)) output.out(line);
      if (tools.length === 0) output.err("no tools");
    }
    return down ? EXIT.failed : EXIT.ok;
  });
}

/** The `tools` command. */
export const tools = command({
  usage: "tools [config]",
  summary: "list the tools: final name, raw name, description (--json: each server's tools/list)",
  flags: ["server", "json", "timeout", "verbose", "roots"],
  details: [
    '--json prints what the server listed, as the official inspector prints tools/list: {"tools": [...]} with --server, else {"servers": {"<name>": {"tools": [...]}}}.',
    "Exit code: 0 when every enabled server connected, 1 when any failed, 2 on a config error.",
  ],
  example: "toolnexus-mcp tools --server github --json",
  run,
});
