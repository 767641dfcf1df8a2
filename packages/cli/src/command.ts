/**
 * What every command is: its help text and a `run` that returns the exit code.
 * @module
 */
import { relative } from "node:path";
import {
  isMcpCoreError,
  type LoadMcpOptions,
  loadMcp,
  type McpSource,
  type ServerSnapshot,
} from "@toolnexus/mcp-core";
import { configInput } from "./cli-config.js";
import { type ConfigChoice, chooseConfig } from "./config-file.js";
import { labelled, type Output } from "./output.js";
import { UsageError } from "./usage-error.js";

/** The flags every command may take (each command's help lists the ones it reads). */
export interface Flags {
  json: boolean;
  verbose: boolean;
  open: boolean;
  /** `--timeout`, milliseconds. */
  timeoutMs: number | undefined;
  server: string | undefined;
  /** `--roots`, absolute directory paths (undefined: no roots, the capability is not declared). */
  roots: string[] | undefined;
  /** `--apps`: declare MCP Apps (`io.modelcontextprotocol/ui`) to the servers. */
  apps: boolean;
  /** `--tenant`: a `perTenant` server's tenant (`login`, `logout`). */
  tenant: string | undefined;
}

/** What a command runs with. */
export interface CommandContext {
  output: Output;
  positionals: string[];
  flags: Flags;
}

/** One subcommand. */
export interface Command {
  /** The first word of `usage` (see {@link command}). */
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

/** A command from its help and `run`: its name is the first word of its usage, written once. */
export function command(spec: Omit<Command, "name">): Command {
  return { name: spec.usage.split(" ", 1)[0] as string, ...spec };
}

/**
 * Runs `use` on a loaded source and closes the source after, whatever `use` returns or throws:
 * no server a command started outlives it.
 */
export async function usingSource<T>(source: McpSource, use: (source: McpSource) => Promise<T>): Promise<T> {
  try {
    return await use(source);
  } finally {
    await source.close();
  }
}

/** One line of help per flag. */
export const FLAG_HELP = {
  json: "--json           machine-readable output on stdout",
  timeout: "--timeout <ms>   give up waiting after this many milliseconds",
  server: "--server <name>  only this server",
  verbose: "--verbose        more detail (stderr tails, warnings)",
  open: "--open           open the authorization or elicitation URL (https only)",
  roots: "--roots <dir>    offer this directory to the servers as a root (repeatable)",
  apps: "--apps           declare MCP Apps (io.modelcontextprotocol/ui) to the servers",
  tenant: "--tenant <id>    this tenant's own token (a perTenant server)",
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
 * and `--timeout` bounding the load unless `boundLoad` is false (`call`: it bounds the call instead).
 * Warnings about the config always reach stderr; the others (a server's, failed servers are shown
 * by each command itself) with `--verbose` — but none the CLI causes itself by closing the source.
 * At the deadline the source is closed and the load rejects with a {@link LoadTimeoutError} that
 * names the servers still starting and holds every server's snapshot of that moment.
 */
export async function openSource(
  context: CommandContext,
  config: ConfigChoice,
  options: LoadMcpOptions = {},
  boundLoad = true,
): Promise<McpSource> {
  const { output, flags } = context;
  const timeoutMs = boundLoad ? flags.timeoutMs : undefined;
  const controller = new AbortController();
  let source: McpSource | undefined;
  let closing = false;
  // Only the servers the command needs are in what the core gets (`config.only`).
  const loading = configInput(config).then((input) =>
    loadMcp(input, {
      toolCache: null,
      signal: controller.signal,
      // A server is offered roots only when the person named some.
      ...(flags.roots === undefined ? {} : { roots: flags.roots }),
      ...(flags.apps ? { apps: {} } : {}),
      ...options,
      // The config's warnings come before the source exists; a server's come later.
      onWarning: (message) => {
        if (closing || (source && !flags.verbose)) return;
        for (const line of labelled(output, "warning: ", message)) output.err(line);
      },
      onSource: (early) => {
        source = early;
        // Requests in flight when the CLI closes fail ("Not connected"): the CLI's doing, not news.
        early.onStateChange((_server, _state, info) => {
          if (info.reason === "close") closing = true;
        });
        options.onSource?.(early);
      },
    }),
  );
  if (timeoutMs === undefined) return loading;
  // The deadline answers at once with what it saw; the closed load may take a moment to unwind.
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      const servers = source?.servers() ?? [];
      controller.abort();
      void source?.close();
      reject(new LoadTimeoutError(timeoutMs, servers));
    }, timeoutMs);
  });
  loading.then(
    (late) => timedOut && void late.close(),
    () => {},
  );
  try {
    return await Promise.race([loading, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `--timeout` ran out while loading: exit 1 (a server was too slow, the command line was fine). */
export class LoadTimeoutError extends Error {
  /** The enabled servers still starting at the deadline. */
  readonly slow: readonly string[];

  constructor(
    readonly timeoutMs: number,
    /** Every server as it was at the deadline. */
    readonly servers: readonly ServerSnapshot[],
  ) {
    const slow = servers
      .filter(
        (s) => s.status !== "disabled" && (s.state === "starting" || (s.state === "stopped" && !s.lazy)),
      )
      .map((s) => s.name);
    super(
      slow.length > 0
        ? `--timeout ${timeoutMs} ms ran out; still starting: ${slow.join(", ")}`
        : `--timeout ${timeoutMs} ms ran out while the servers were starting`,
    );
    this.name = "LoadTimeoutError";
    this.slow = slow;
  }
}

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
