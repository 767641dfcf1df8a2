/**
 * `typegen [config] [--server NAME]`: the live catalog as TypeScript declarations, the text a
 * model in code mode reads (`@toolnexus/mcp-core/code-mode`, SPEC §22.1), on stdout.
 * @module
 */
import { generateTypes } from "@toolnexus/mcp-core/code-mode";
import { readConfig, startingOnly } from "../cli-config.js";
import { type Command, type CommandContext, configAndRest, openSource, resolveConfig } from "../command.js";
import { oneLine } from "../output.js";
import { checkServerName } from "../server-selection.js";
import { EXIT } from "../usage-error.js";
import { reportDownServers } from "./tools.js";

async function run(context: CommandContext): Promise<number> {
  const { output, flags } = context;
  const [named] = configAndRest(context.positionals, 0);
  const choice = resolveConfig(context, named);
  const server = flags.server;
  if (server !== undefined) {
    checkServerName(await readConfig(choice), server, `--server "${oneLine(server)}" is not in the config`);
  }
  const only = startingOnly(choice, server === undefined ? undefined : [server]);
  const source = await openSource(context, only, { autoRestart: { enabled: false } });
  try {
    await source.whenSettled();
    const tools = source.tools.filter((t) => server === undefined || t.server === server);
    const down = reportDownServers(context, source, choice, server);
    // The text goes out as generated: it is TypeScript for a model or a file, not terminal prose,
    // and typegen already keeps every server-chosen string inside a comment or a JSON string.
    output.out(generateTypes(tools).trimEnd());
    return down ? EXIT.failed : EXIT.ok;
  } finally {
    await source.close();
  }
}

/** The `typegen` command. */
export const typegen: Command = {
  name: "typegen",
  usage: "typegen [config]",
  summary: "print the tools as TypeScript declarations (code mode's typed API)",
  flags: ["server", "timeout", "verbose", "roots"],
  details: [
    "Deterministic: the same catalog prints the same text. Exit code: 0 when every enabled server connected, 1 when any failed, 2 on a config error.",
  ],
  example: "toolnexus-mcp typegen --server github > tools.d.ts",
  run,
};
