/**
 * `typegen [config] [--server NAME]`: the live catalog as TypeScript declarations, the text a
 * model in code mode reads (`@toolnexus/mcp-core/code-mode`, SPEC §22.1), on stdout.
 * @module
 */
import { generateTypes } from "@toolnexus/mcp-core/code-mode";
import type { Command, CommandContext } from "../command.js";
import { EXIT } from "../usage-error.js";
import { reportDownServers, withListedSource } from "./tools.js";

async function run(context: CommandContext): Promise<number> {
  const { output } = context;
  return withListedSource(context, async (source, choice, server) => {
    const tools = source.tools.filter((t) => server === undefined || t.server === server);
    const down = reportDownServers(context, source, choice, server);
    // The text goes out as generated: it is TypeScript for a model or a file, not terminal prose,
    // and typegen already keeps every server-chosen string inside a comment or a JSON string.
    output.out(generateTypes(tools).trimEnd());
    return down ? EXIT.failed : EXIT.ok;
  });
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
