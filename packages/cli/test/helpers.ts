// Runs the CLI as a child process: what a person's shell would run. The script is the bundle of the
// built CLI the suite's global setup made (test/support/cli-bundle.ts), or the bin
// (bin/toolnexus-mcp.js, which loads the built dist/bin.js) when there is none.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fixturePath, makeTempDir, waitFor } from "@toolnexus/fixtures";
import { inject } from "vitest";

export const BIN = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "toolnexus-mcp.js");
/** What `startCli` and `runCli` start unless told otherwise: the suite's bundle, else the bin. */
const CLI_SCRIPT = inject("cliScript") ?? BIN;

/** What a finished run printed, and how it ended. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment a run gets: no colour by accident, the token store in a temp dir when asked. */
function cliEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TOOLNEXUS_MCP_CACHE_DIR: makeTempDir("cli-cache-"),
    ...extra,
  };
  for (const [name, value] of Object.entries(extra)) if (value === undefined) delete env[name];
  return env;
}

/** A CLI process still running (watch, login), with its output so far. */
export interface LiveCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once the process has exited. */
  exited: Promise<CliRun>;
  /** Waits (bounded) until stdout matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/** How a run is started: its working directory, env changes, and the script (the bin by default). */
export interface CliOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** The script to run: the suite's bundle of the CLI (else the bin) by default. */
  script?: string;
}

/** Starts `toolnexus-mcp ...args` in `cwd`. */
export function startCli(args: string[], options: CliOptions = {}): LiveCli {
  const child = spawn(process.execPath, [options.script ?? CLI_SCRIPT, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: cliEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<CliRun>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForOutput: (pattern, timeoutMs = 15_000) =>
      waitFor(() => stdout.match(pattern), {
        timeoutMs,
        message: `stdout to match ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`,
      }),
  };
}

/** Runs `toolnexus-mcp ...args` to its end (killed after `timeoutMs`, which fails the test). */
export async function runCli(
  args: string[],
  options: CliOptions & { timeoutMs?: number } = {},
): Promise<CliRun> {
  const live = startCli(args, options);
  const timer = setTimeout(() => live.child.kill("SIGKILL"), options.timeoutMs ?? 25_000);
  const result = await live.exited;
  clearTimeout(timer);
  return result;
}

/** A stdio entry for a bundled fixture. */
export function fixtureEntry(name: Parameters<typeof fixturePath>[0], args: string[] = []) {
  return { command: process.execPath, args: [fixturePath(name), ...args] };
}

/** Writes `{ mcpServers }` as `file` in a fresh temp dir; returns the dir and the file's path. */
export function writeConfig(
  mcpServers: Record<string, unknown>,
  file = "mcp.json",
): { dir: string; path: string } {
  const dir = makeTempDir("cli-test-");
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify({ mcpServers }, null, 2));
  return { dir, path };
}

/** The text with wrapped lines joined again (the CLI indents a continuation line). */
export const unwrapped = (text: string) => text.replace(/\n {2,}/g, " ");

/**
 * Runs `toolnexus-mcp ...args` with a fake `xdg-open` from `binDir` first on PATH, logging to a
 * fresh file in `logDir`; resolves with the run and the argv of every opener run (waited for when
 * `opens`: the opener is detached and may write a moment after the CLI ended).
 */
export async function runWithOpener(args: string[], binDir: string, logDir: string, opens: boolean) {
  const log = join(logDir, "opener.log");
  const run = await runCli(args, {
    env: { PATH: `${binDir}${delimiter}${process.env.PATH}`, OPENER_LOG: log },
  });
  // The opener creates its log before it writes its line: only whole lines are read.
  const lines = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(0, -1) : []);
  if (opens) await waitFor(() => lines().length > 0, { message: "the opener to run" });
  const opened = lines().map((line) => JSON.parse(line) as string[]);
  return { run, opened };
}

/** Writes a fake `xdg-open` into `binDir` that appends its argv, as one JSON line, to $OPENER_LOG. */
export function writeFakeOpener(binDir: string): void {
  writeFileSync(
    join(binDir, "xdg-open"),
    `#!${process.execPath}\nrequire("node:fs").appendFileSync(process.env.OPENER_LOG, JSON.stringify(process.argv.slice(2)) + "\\n");\n`,
  );
  chmodSync(join(binDir, "xdg-open"), 0o755);
}
