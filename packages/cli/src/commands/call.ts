/**
 * `call [config] <tool> [json-args]`: starts the tool's server, runs the tool and prints its
 * content (`--json`: the result).
 * @module
 */
import type { McpProgress, McpSource, McpTool, ServerSnapshot } from "@toolnexus/mcp-core";
import { closestNames } from "@toolnexus/mcp-core/adapter";
import { type CliConfig, readConfig, startingOnly } from "../cli-config.js";
import { type CommandContext, command, openSource, resolveConfig, usingSource } from "../command.js";
import { looksLikeConfig } from "../config-file.js";
import { resultLines } from "../content-lines.js";
import { ArgsError, parseJsonArgs, pointAt } from "../json-args.js";
import { needsAuthMessage, withLoginHint } from "../needs-auth.js";
import { COLUMNS, causeOf, cut, labelled, oneLine } from "../output.js";
import { type ToolTarget, toolTarget } from "../server-selection.js";
import { stderrLines } from "../stderr-lines.js";
import { cliElicitation } from "../url-elicitation.js";
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

/** The tools `target` may mean: one, none, or (a raw name several servers have) more. */
function matches(source: McpSource, target: ToolTarget): McpTool[] {
  if (target.kind === "final") {
    const exact = source.tools.find((t) => t.name === target.name);
    return exact ? [exact] : [];
  }
  if (target.kind === "scoped") {
    return source.tools.filter((t) => t.server === target.server && t.rawName === target.rawName);
  }
  return source.tools.filter((t) => t.rawName === target.rawName);
}

/** The one tool `target` means; a raw name several servers have is a usage error naming them. */
async function findTool(source: McpSource, target: ToolTarget): Promise<McpTool | undefined> {
  // A lazy server's tools come from a discovery the load does not wait for.
  let found = matches(source, target);
  if (found.length === 0) found = await source.whenSettled().then(() => matches(source, target));
  if (found.length <= 1) return found[0];
  const raw = oneLine(target.kind === "raw" ? target.rawName : "");
  const [first] = found as [McpTool, ...McpTool[]];
  throw new UsageError(
    `"${raw}" is a tool of more than one server (${found.map((t) => t.server).join(", ")}): ` +
      `call ${found.map((t) => oneLine(t.name)).join(", ")} or ${first.server}/${raw}`,
  );
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

function progressLine(progress: McpProgress): string {
  const amount =
    progress.total === undefined ? `${progress.progress}` : `${progress.progress}/${progress.total}`;
  return cut(`progress ${amount}${progress.message ? ` ${oneLine(progress.message)}` : ""}`, COLUMNS);
}

/** The enabled servers of the source, when every one failed to start (a lazy one is not failed). */
function allDown(source: McpSource): ServerSnapshot[] | undefined {
  const enabled = source.servers().filter((s) => s.status !== "disabled");
  return enabled.every((s) => s.state !== "running" && !s.lazy) ? enabled : undefined;
}

/** A tool whose servers are all disabled: nothing to start. */
function disabledOnly(config: CliConfig, target: ToolTarget): string | undefined {
  if (target.servers === undefined) return undefined;
  const off = config.servers.filter((s) => target.servers.includes(s.name) && !s.enabled);
  return off.length === target.servers.length ? off[0]?.name : undefined;
}

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const { config: named, tool: name, args: argsText } = splitPositionals(context.positionals);
  const args = parseArgsOrExplain(argsText); // before anything starts
  const choice = resolveConfig(context, named);
  const config = await readConfig(choice);
  const target = toolTarget(config, name); // an unknown server: a usage error, nothing started
  const off = disabledOnly(config, target);
  if (off !== undefined) {
    output.err(`error: MCP server "${off}" is disabled in the config`);
    return EXIT.failed;
  }
  // Only the server the name points at starts; a bare raw name needs every server to say.
  const source = await openSource(
    context,
    startingOnly(choice, target.servers),
    { autoRestart: { enabled: false }, onElicitation: cliElicitation(output, flags.open) },
    false,
  );
  return usingSource(source, async () => {
    const tool = await findTool(source, target);
    const down = !tool && target.servers !== undefined ? allDown(source) : undefined;
    if (down) {
      // The tool's server did not start: that, with its cause, is the answer.
      for (const s of down.map((snapshot) => withLoginHint(snapshot, choice))) {
        for (const line of labelled(output, "error: ", causeOf(s.lastError ?? `${s.name}: ${s.state}`)))
          output.err(line);
        for (const line of stderrLines(output, s.stderrTail, flags.verbose)) output.err(line);
      }
      return EXIT.failed;
    }
    if (!tool) {
      output.err(`error: no tool named "${oneLine(name)}"`);
      const near = suggestions(source, name);
      if (near.length > 0) output.err(`did you mean: ${near.map(oneLine).join(", ")}?`);
      reportDownServers(context, source, choice);
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
    else if (!result.isError) for (const line of resultLines(result)) output.out(line);
    if (result.isError) {
      // A tool's own error is its whole content; any other failure's first line names the cause.
      if (result.error?.kind === "tool") {
        const text = resultLines(result).join("\n").trim();
        output.err(`error: ${text || "the tool reported an error"}`);
      } else {
        const cause =
          result.error?.code === "AUTH_REQUIRED"
            ? needsAuthMessage(tool.server, choice)
            : causeOf(result.error?.message) || "the call failed";
        for (const line of labelled(output, "error: ", cause)) output.err(line);
      }
      return EXIT.failed;
    }
    return EXIT.ok;
  });
}

/** The `call` command. */
export const call = command({
  usage: "call [config] <tool> [json-args]",
  summary: "run one tool and print its content (--json: the whole result)",
  flags: ["json", "timeout", "verbose", "open", "roots"],
  details: [
    "<tool> is the final name (mcp__server__tool), server/rawName, or a raw name only one server has; only that tool's server starts (a bare raw name starts them all to find it).",
    "[json-args] is one JSON object; quote it for your shell. Progress goes to stderr.",
    "Text prints as it is; any other block as one line in its place (an image as its type and size, a link as its URI). A failed call prints its error on stderr, a tool's own error whole.",
    "--timeout bounds the whole call, progress or not (each server's start keeps its config timeout).",
    "A server that asks the person to open a URL (URL elicitation) gets it printed on stderr; --open opens it too, https: only (http: on loopback), as login does. A form it asks for is cancelled. Sampling is not offered (the command line has no model).",
    "--roots <dir> offers the directory to the servers as a root (a file:// URI); repeat it for more. Without it no roots are offered.",
    "Exit code: 0 on success, 1 when the call failed or the tool is unknown, 2 on bad args.",
  ],
  example: `toolnexus-mcp call mcp__basic__echo '{"text":"hi"}'`,
  run,
});
