/**
 * `call [config] <tool> [json-args]`: runs one tool and prints its text (`--json`: the result).
 * @module
 */
import type { McpProgress, McpSource, McpTool } from "@toolnexus/mcp-core";
import { closestNames } from "@toolnexus/mcp-core/adapter";
import { type Command, type CommandContext, openSource, resolveConfig } from "../command.js";
import { looksLikeConfig } from "../config-file.js";
import { ArgsError, parseJsonArgs, pointAt } from "../json-args.js";
import { COLUMNS, cut, firstLine, oneLine } from "../output.js";
import { EXIT, UsageError } from "../usage-error.js";
import { reportDownServers } from "./tools.js";

/** `[config] <tool> [json-args]`: with two arguments the first is the config when it names a file. */
function splitPositionals(positionals: readonly string[]): { config?: string; tool: string; args?: string } {
  const [a, b, c, ...extra] = positionals;
  if (extra.length > 0)
    throw new UsageError(`too many arguments: ${extra.join(" ")} (quote the JSON arguments)`);
  if (a === undefined) throw new UsageError("which tool? usage: call [config] <tool> [json-args]");
  if (c !== undefined) return { config: a, tool: b as string, args: c };
  if (b === undefined) return { tool: a };
  return looksLikeConfig(a) ? { config: a, tool: b } : { tool: a, args: b };
}

function parseArgsOrExplain(text: string | undefined): Record<string, unknown> {
  try {
    return parseJsonArgs(text);
  } catch (error) {
    if (error instanceof ArgsError && text !== undefined) {
      throw new UsageError(error.message, error.position === undefined ? [] : pointAt(text, error.position));
    }
    throw error;
  }
}

/** The tool by final name, else by raw name when only one server has it. */
function findTool(source: McpSource, name: string): McpTool | undefined {
  const exact = source.tools.find((t) => t.name === name);
  if (exact) return exact;
  const byRaw = source.tools.filter((t) => t.rawName === name);
  return byRaw.length === 1 ? byRaw[0] : undefined;
}

/** The final names nearest to `name`, matching it against final and raw names alike. */
function suggestions(source: McpSource, name: string): string[] {
  const finalOf = new Map<string, string>();
  for (const tool of source.tools) {
    finalOf.set(tool.name, tool.name);
    if (!finalOf.has(tool.rawName)) finalOf.set(tool.rawName, tool.name);
  }
  const near = closestNames(name, [...finalOf.keys()], 6).map((n) => finalOf.get(n) ?? n);
  return [...new Set(near)].slice(0, 3);
}

/** Tool text to a terminal: keeps newlines and tabs, drops other control characters (escapes). */
function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

function progressLine(progress: McpProgress): string {
  const amount =
    progress.total === undefined ? `${progress.progress}` : `${progress.progress}/${progress.total}`;
  return cut(`progress ${amount}${progress.message ? ` ${oneLine(progress.message)}` : ""}`, COLUMNS);
}

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const { config, tool: name, args: argsText } = splitPositionals(context.positionals);
  const args = parseArgsOrExplain(argsText); // before anything starts
  const source = await openSource(context, resolveConfig(context, config), { autoRestart: false }, false);
  try {
    const tool = findTool(source, name) ?? (await source.whenSettled().then(() => findTool(source, name)));
    if (!tool) {
      output.err(`error: no tool named "${oneLine(name)}"`);
      const near = suggestions(source, name);
      if (near.length > 0) output.err(`did you mean: ${near.map(oneLine).join(", ")}?`);
      reportDownServers(context, source);
      return EXIT.failed;
    }
    const result = await tool.execute(args, {
      onProgress: (progress) => output.err(progressLine(progress)),
      // Total: progress restarts a call's `timeout`, never its `maxTotalTimeoutMs`.
      ...(flags.timeoutMs === undefined
        ? {}
        : { timeout: flags.timeoutMs, maxTotalTimeoutMs: flags.timeoutMs }),
    });
    if (flags.json) output.out(JSON.stringify(result, null, 2));
    // A failure's text is its error message: that goes to stderr, below, once.
    else if (result.text && (!result.isError || result.error?.kind === "tool"))
      output.out(printable(result.text));
    if (result.isError) {
      output.err(`error: ${firstLine(result.error?.message ?? "the tool reported an error")}`);
      return EXIT.failed;
    }
    return EXIT.ok;
  } finally {
    await source.close();
  }
}

/** The `call` command. */
export const call: Command = {
  name: "call",
  usage: "call [config] <tool> [json-args]",
  summary: "run one tool and print its text (--json: the whole result)",
  flags: ["json", "timeout", "verbose"],
  details: [
    "<tool> is the final name (mcp__server__tool) or a raw name only one server has.",
    "[json-args] is one JSON object; quote it for your shell. Progress goes to stderr.",
    "--timeout bounds the whole call, progress or not (each server's start keeps its config timeout).",
    "Exit code: 0 on success, 1 when the call failed or the tool is unknown, 2 on bad args.",
  ],
  example: `toolnexus-mcp call mcp__basic__echo '{"text":"hi"}'`,
  run,
};
