/**
 * What every command is: its help text and a `run` that returns the exit code.
 * @module
 */
import { relative } from "node:path";
import { isMcpCoreError, type LoadMcpOptions, loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { configInput } from "./cli-config.js";
import { type ConfigChoice, chooseConfig } from "./config-file.js";
import type { Output } from "./output.js";
import { UsageError } from "./usage-error.js";

/** The flags every command may take (each command's help lists the ones it reads). */
export interface Flags {
  json: boolean;
  verbose: boolean;
  open: boolean;
  /** `--timeout`, milliseconds. */
  timeoutMs: number | undefined;
  server: string | undefined;
}

/** What a command runs with. */
export interface CommandContext {
  output: Output;
  positionals: string[];
  flags: Flags;
}

/** One subcommand. */
export interface Command {
  name: string;
  /** `inspect [config]` */
  usage: string;
  summary: string;
  /** Flag names this command reads, beyond `--help` and `--no-color`. */
  flags: readonly (keyof typeof FLAG_HELP)[];
  /** More lines for `--help`. */
  details?: readonly string[];
  example: string;
  run(context: CommandContext): Promise<number>;
}

/** One line of help per flag. */
export const FLAG_HELP = {
  json: "--json           machine-readable output on stdout",
  timeout: "--timeout <ms>   give up waiting after this many milliseconds",
  server: "--server <name>  only this server",
  verbose: "--verbose        more detail (stderr tails, warnings)",
  open: "--open           open the authorization URL in a browser",
} as const;

/** Config errors are the core's words (server + field + expected): exit 2, like a usage error. */
const CONFIG_ERROR_CODES = new Set([
  "CONFIG_INVALID",
  "CONFIG_NOT_FOUND",
  "CONFIG_PARSE",
  "ENV_INVALID",
  "OPTIONS_INVALID",
]);

/** Is this error about the config (exit 2) rather than a server (exit 1)? */
export function isConfigError(error: unknown): boolean {
  return isMcpCoreError(error) && CONFIG_ERROR_CODES.has(error.code);
}

/** Picks the config (saying which was discovered, on stderr so `--json` stays clean). */
export function resolveConfig(context: CommandContext, named: string | undefined): ConfigChoice {
  const choice = chooseConfig(named);
  if (choice.discovered) context.output.err(`config: ./${relative(process.cwd(), choice.path)}`);
  return choice;
}

/**
 * Loads the config with the CLI's defaults: no listing cache (the CLI shows what servers say now),
 * warnings to stderr with `--verbose` (failed servers are shown by each command itself), and
 * `--timeout` bounding the load unless `boundLoad` is false (`call`: it bounds the call instead).
 */
export async function openSource(
  context: CommandContext,
  config: ConfigChoice,
  options: LoadMcpOptions = {},
  boundLoad = true,
): Promise<McpSource> {
  const timeoutMs = boundLoad ? context.flags.timeoutMs : undefined;
  const controller = new AbortController();
  // Only the servers the command needs are in what the core gets (`config.only`).
  const loading = configInput(config).then((input) =>
    loadMcp(input, {
      toolCache: false,
      onWarning: (message) => {
        if (context.flags.verbose) context.output.err(`warning: ${message}`);
      },
      signal: controller.signal,
      ...options,
    }),
  );
  if (timeoutMs === undefined) return loading;
  // The deadline answers at once; the aborted load may take a moment to unwind, and a source it
  // still delivers is closed.
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(new LoadTimeoutError(`the servers did not start within --timeout ${timeoutMs} ms`));
    }, timeoutMs);
  });
  loading.then(
    (source) => timedOut && void source.close(),
    () => {},
  );
  try {
    return await Promise.race([loading, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `--timeout` ran out while loading: exit 1 (a server was too slow, the command line was fine). */
export class LoadTimeoutError extends Error {}

/** Splits `[config] rest…` positionals: the first is the config when there are more than `rest`. */
export function configAndRest(
  positionals: readonly string[],
  restCount: number,
): [string | undefined, string[]] {
  if (positionals.length > restCount + 1) {
    throw new UsageError(`too many arguments: ${positionals.slice(restCount + 1).join(" ")}`);
  }
  if (positionals.length === restCount + 1) return [positionals[0], positionals.slice(1)];
  return [undefined, [...positionals]];
}
