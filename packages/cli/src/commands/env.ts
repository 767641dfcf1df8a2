/**
 * `env [config] [--server NAME]`: the env names each stdio child would get and why — computed with
 * the core's `scopedEnv` from the config and this shell's environment, nothing spawned, no value shown.
 * @module
 */
import { readFileSync } from "node:fs";
import type { EnvEntry } from "@toolnexus/mcp-core";
import { type ServerConfig, type StdioServerConfig, scopedEnv } from "@toolnexus/mcp-core/config";
import { readConfig } from "../cli-config.js";
import { type CommandContext, command, configAndRest, resolveConfig } from "../command.js";
import { causeOf, labelled, oneLine, paint } from "../output.js";
import { checkServerName } from "../server-selection.js";
import { EXIT } from "../usage-error.js";

/** One name and the reason it is granted. */
export interface GrantedName {
  name: string;
  origin: EnvEntry["origin"];
  /** `safe base`, `by name`, `by glob PREFIX_*`, `inheritEnv: "all"`, `explicit env`, `envFile`. */
  why: string;
}

/** A server's env report (`error` when it cannot be computed, e.g. an unset `${VAR}`). */
export interface EnvReport {
  server: string;
  transport: ServerConfig["transport"];
  names: GrantedName[];
  error?: string;
}

/** The names in a dotenv file (`NAME=…`, `export NAME=…`); values are never read into the report. */
function envFileNames(file: string): Record<string, string> {
  const names: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=/.exec(line);
    if (match?.[1]) names[match[1]] = "";
  }
  return names;
}

/** Which rule of the list granted an inherited name. */
function inheritedWhy(name: string, inheritEnv: StdioServerConfig["inheritEnv"]): string {
  if (inheritEnv === "all") return 'inheritEnv: "all"';
  const list = inheritEnv ?? [];
  if (list.includes(name)) return "by name";
  const glob = list.find((item) => item.endsWith("*") && name.startsWith(item.slice(0, -1)));
  return glob ? `by glob ${glob}` : "inherited";
}

const WHY: Record<Exclude<EnvEntry["origin"], "inherited">, string> = {
  base: "safe base",
  explicit: "explicit env",
  envFile: "envFile",
  tenant: "the tenant's value",
};

/** The report for one server. */
export function envReport(config: ServerConfig, parentEnv: Record<string, string | undefined>): EnvReport {
  if (config.transport !== "stdio") return { server: config.name, transport: config.transport, names: [] };
  try {
    const { entries } = scopedEnv({
      server: config.name,
      parentEnv,
      inheritEnv: config.inheritEnv ?? [],
      env: config.env,
      envFileEntries: config.envFile === undefined ? undefined : envFileNames(config.envFile),
    });
    const names = entries.map(({ name, origin }) => ({
      name,
      origin,
      why: origin === "inherited" ? inheritedWhy(name, config.inheritEnv) : WHY[origin],
    }));
    return { server: config.name, transport: config.transport, names };
  } catch (error) {
    return {
      server: config.name,
      transport: config.transport,
      names: [],
      error: causeOf(String((error as Error).message)),
    };
  }
}

/** `  NAME   why`; a name longer than its column is never cut: the reason goes below it. */
function nameLines({ name, why }: GrantedName): string[] {
  const column = 32;
  if ([...name].length <= column) return [`  ${name.padEnd(column)} ${why}`];
  return [`  ${name}`, `  ${" ".repeat(column)} ${why}`];
}

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named] = configAndRest(context.positionals, 0);
  const config = await readConfig(resolveConfig(context, named));
  for (const warning of config.warnings) {
    for (const line of labelled(output, "warning: ", warning)) output.err(line);
  }
  const server = flags.server;
  if (server !== undefined)
    checkServerName(config, server, `--server "${oneLine(server)}" is not in the config`);
  // As the servers would start: a VS Code file's variables expanded.
  const servers = await config.configs(server === undefined ? undefined : [server]);
  const reports = servers.map((s) => envReport(s, process.env));
  if (flags.json) {
    output.out(JSON.stringify(reports, null, 2));
  } else {
    for (const report of reports) {
      output.out(paint(output, "bold", `${report.server} (${report.transport})`));
      if (report.transport !== "stdio") output.out("  no child process: env does not apply");
      if (report.error) {
        for (const line of labelled(output, "  error: ", report.error))
          output.out(paint(output, "red", line));
      }
      for (const granted of report.names) for (const line of nameLines(granted)) output.out(line);
    }
  }
  return reports.some((r) => r.error) ? EXIT.failed : EXIT.ok;
}

/** The `env` command. */
export const env = command({
  usage: "env [config]",
  summary: "the env names each stdio child would get, and why (never a value)",
  flags: ["server", "json"],
  details: ["Computed from the config and this shell's environment; nothing is started."],
  example: "toolnexus-mcp env --server github",
  run,
});
