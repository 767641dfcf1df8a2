/**
 * `tools [config] [--server NAME] [--json]`: final names, raw names, one-line descriptions.
 * @module
 */
import type { McpSource, McpTool } from "@toolnexus/mcp-core";
import { type Command, type CommandContext, configAndRest, openSource, resolveConfig } from "../command.js";
import { COLUMNS, causeOf, cut, firstLine, labelled, paint } from "../output.js";
import { EXIT, UsageError } from "../usage-error.js";

/** The whole definition, as `--json` prints it. */
export function toolDefinition(tool: McpTool) {
  return {
    name: tool.name,
    server: tool.server,
    rawName: tool.rawName,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
  };
}

/** Rejects `--server` naming no server of the config. */
export function checkServer(source: McpSource, server: string | undefined): void {
  if (server === undefined) return;
  const names = source.servers().map((s) => s.name);
  if (!names.includes(server)) {
    throw new UsageError(
      `--server "${server}" is not in the config (servers: ${names.join(", ") || "none"})`,
    );
  }
}

/** Each server that is not running, on stderr: its tools are missing from the list for a reason. */
export function reportDownServers(context: CommandContext, source: McpSource, only?: string): boolean {
  let down = false;
  for (const s of source.servers()) {
    if ((only !== undefined && s.name !== only) || s.status === "disabled" || s.state === "running" || s.lazy)
      continue;
    down = true;
    const status = `${s.name}: ${s.state}${s.lastError ? `: ${causeOf(s.lastError)}` : ""}`;
    for (const line of labelled(context.output, "", status, 2)) context.output.err(line);
  }
  return down;
}

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named] = configAndRest(context.positionals, 0);
  const source = await openSource(context, resolveConfig(context, named), { autoRestart: false });
  try {
    checkServer(source, flags.server);
    await source.whenSettled(); // a lazy server's tools come from a discovery the load does not wait for
    const tools = source.tools.filter((t) => flags.server === undefined || t.server === flags.server);
    const down = reportDownServers(context, source, flags.server);
    if (flags.json) {
      output.out(JSON.stringify(tools.map(toolDefinition), null, 2));
    } else {
      for (const tool of tools) {
        const raw = `(${firstLine(tool.rawName)})`;
        const name = cut(firstLine(tool.name), COLUMNS - raw.length - 2);
        output.out(`${paint(output, "bold", name)}  ${paint(output, "dim", raw)}`);
        const description = firstLine(tool.description);
        if (description) output.out(cut(`    ${description}`, COLUMNS));
      }
      if (tools.length === 0) output.err("no tools");
    }
    return down ? EXIT.failed : EXIT.ok;
  } finally {
    await source.close();
  }
}

/** The `tools` command. */
export const tools: Command = {
  name: "tools",
  usage: "tools [config]",
  summary: "list the tools: final name, raw name, description (--json: full definitions)",
  flags: ["server", "json", "timeout", "verbose"],
  details: ["Exit code: 0 when every enabled server connected, 1 when any failed, 2 on a config error."],
  example: "toolnexus-mcp tools --server github --json",
  run,
};
