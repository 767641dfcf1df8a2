/**
 * The command line: `toolnexus-mcp <command> [args] [flags]`, parsed with `node:util`'s parseArgs.
 * @module
 */
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type Command, FLAG_HELP, type Flags, isConfigError } from "./command.js";
import { call } from "./commands/call.js";
import { env } from "./commands/env.js";
import { inspect } from "./commands/inspect.js";
import { loginCommand, logoutCommand } from "./commands/login.js";
import { approve, pins } from "./commands/pins.js";
import { tools } from "./commands/tools.js";
import { typegen } from "./commands/typegen.js";
import { watch } from "./commands/watch.js";
import { COLUMNS, labelled, type Output, oneLine, processOutput, wrap } from "./output.js";
import { parseCommandLine, unknownCommand } from "./usage.js";
import { EXIT, UsageError } from "./usage-error.js";

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  inspect,
  tools,
  call,
  watch,
  env,
  loginCommand,
  logoutCommand,
  pins,
  approve,
  typegen,
];

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  json: { type: "boolean" },
  timeout: { type: "string" },
  server: { type: "string" },
  verbose: { type: "boolean", short: "v" },
  open: { type: "boolean" },
  roots: { type: "string", multiple: true },
  apps: { type: "boolean" },
  tenant: { type: "string" },
  "no-color": { type: "boolean" },
} as const;

/** Help prose wrapped to {@link COLUMNS}, a long word (a flag, a path) kept whole. */
function helpText(text: string, first = "", rest = ""): string[] {
  return wrap(text, COLUMNS, first, rest, { keepLongWords: true });
}

function mainHelp(): string[] {
  return [
    "toolnexus-mcp — start, inspect and watch the MCP servers of an mcp.json",
    "",
    "Usage: toolnexus-mcp <command> [args] [flags]",
    "",
    ...COMMANDS.flatMap((c) => helpText(c.summary, `  ${c.usage.padEnd(32)} `, " ".repeat(35))),
    "",
    ...helpText(
      "Without [config]: ./mcp.json, ./.mcp.json, then ./.vscode/mcp.json (the one used is named).",
    ),
    ...helpText("Flags: --no-color (or NO_COLOR), --help; `toolnexus-mcp <command> --help` for the rest."),
    "Exit codes: 0 ok, 1 a server or call failed, 2 a usage or config error.",
    "",
    "Example: toolnexus-mcp inspect ./mcp.json",
  ];
}

function commandHelp(command: Command): string[] {
  return [
    `Usage: toolnexus-mcp ${command.usage} [flags]`,
    "",
    ...[command.summary, ...(command.details ?? [])].flatMap((text) => helpText(text)),
    "",
    "Flags:",
    ...command.flags.map((flag) => `  ${FLAG_HELP[flag]}`),
    "  --no-color       no colours (also when NO_COLOR is set)",
    "  --help           this text",
    "",
    `Example: ${command.example}`,
  ];
}

function timeoutOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms <= 0 || ms > 2_147_483_647) {
    throw new UsageError(`--timeout expects a positive whole number of milliseconds, got "${text}"`);
  }
  return ms;
}

/**
 * `--roots` values as absolute paths, each an existing directory. A root is a directory (MCP's
 * `roots` are places a server may work in): a file is refused, naming the directory it is in,
 * rather than widened to it silently; a typo is a usage error too.
 */
function rootsOf(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values.map((value) => {
    const path = resolve(value);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return path;
    const given = `"${oneLine(value)}"`;
    if (stat) {
      throw new UsageError(
        `--roots expects a directory, got ${given}, which is a file (its directory: --roots "${oneLine(dirname(path))}")`,
      );
    }
    throw new UsageError(`--roots expects a directory, got ${given} (no such directory)`);
  });
}

/** Rejects flags the command does not read (a typo would otherwise be silently ignored). */
function checkFlags(command: Command, values: Record<string, unknown>): void {
  const allowed = new Set<string>([...command.flags, "help", "no-color"]);
  for (const [flag, value] of Object.entries(values)) {
    if (value !== undefined && !allowed.has(flag)) {
      throw new UsageError(
        `${command.name} does not take --${flag} (see toolnexus-mcp ${command.name} --help)`,
      );
    }
  }
}

/** `error: …`, every line of the message wrapped to the width (never cut), then any details. */
function printMessage(output: Output, message: string, details: readonly string[] = []): void {
  const [first = "", ...rest] = message.split("\n");
  for (const line of labelled(output, "error: ", first)) output.err(line);
  for (const more of rest) for (const line of labelled(output, "  ", more, 4)) output.err(line);
  for (const line of details) output.err(line);
}

function printError(output: Output, error: unknown): number {
  if (error instanceof UsageError) {
    printMessage(output, error.message, error.details);
    return EXIT.usage;
  }
  printMessage(output, error instanceof Error ? error.message : String(error));
  // A config error is the author's to fix (2); a slow or failing server is not (1).
  return isConfigError(error) ? EXIT.usage : EXIT.failed;
}

/**
 * Runs the command line `argv` (without `node` and the script) and resolves with the exit code.
 * Output goes to the process's stdout (results) and stderr (progress, warnings, errors).
 */
export async function main(argv: readonly string[]): Promise<number> {
  const early = processOutput(argv.includes("--no-color"));
  try {
    const { values, positionals } = parseCommandLine(argv, OPTIONS);
    const output = processOutput(values["no-color"] === true);
    const [name, ...rest] = positionals;
    if (name === undefined || name === "help") {
      for (const line of mainHelp()) output.out(line);
      return name === undefined && !values.help ? EXIT.usage : EXIT.ok;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command)
      throw unknownCommand(
        name,
        COMMANDS.map((c) => c.name),
      );
    if (values.help) {
      for (const line of commandHelp(command)) output.out(line);
      return EXIT.ok;
    }
    checkFlags(command, values);
    const flags: Flags = {
      json: values.json === true,
      verbose: values.verbose === true,
      open: values.open === true,
      timeoutMs: timeoutOf(values.timeout),
      server: values.server,
      roots: rootsOf(values.roots),
      apps: values.apps === true,
      tenant: values.tenant,
    };
    return await command.run({ output, positionals: rest, flags });
  } catch (error) {
    return printError(early, error);
  }
}
