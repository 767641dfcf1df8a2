/**
 * The servers' `instructions` as a system-prompt section, built once for every adapter's
 * `instructionsPrompt`.
 * @module
 */
import { invalidOption } from "../option-error.js";
import { budgetText, DEFAULT_MAX_INSTRUCTIONS_CHARS } from "../text-budget.js";

/**
 * What the section is built from: a source's `servers()` (only `name`, `instructions` and
 * `maxInstructionsChars` are read).
 */
export interface InstructionsSource {
  servers(): readonly {
    readonly name: string;
    readonly instructions?: string | undefined;
    readonly maxInstructionsChars?: number | undefined;
  }[];
}

/** Options of `instructionsPrompt`. */
export interface InstructionsPromptOptions {
  /**
   * The servers whose instructions to include, in this order (one name or several).
   * @default every configured server, in the source's order
   */
  servers?: string | readonly string[] | undefined;
}

function chosenNames(
  options: InstructionsPromptOptions | undefined,
  caller: string,
): readonly string[] | undefined {
  const servers = options?.servers;
  if (servers === undefined) return undefined;
  if (typeof servers === "string") return [servers];
  if (!Array.isArray(servers) || !servers.every((name) => typeof name === "string"))
    invalidOption(caller, "servers", "a server name or an array of server names", servers);
  return [...new Set(servers)];
}

/**
 * A system-prompt section with the instructions of the chosen servers: for each one that has any,
 * `## MCP server "<name>"`, a newline, and its instructions (trailing white space trimmed; cut at
 * the server's `maxInstructionsChars`, default 2048, with a note); sections separated by a blank line. Servers without instructions are skipped, so the result is `""` when
 * none has any. Nothing reads instructions unless the host calls this: they are the server's text,
 * and the host decides whether the model sees them.
 * @param caller the adapter function's name, for error messages
 * @throws TypeError for a server name the source does not configure (a typo would otherwise silently
 *   drop that server's instructions); `McpCoreError` `OPTIONS_INVALID` for a malformed `servers`.
 */
export function buildInstructionsPrompt(
  source: InstructionsSource,
  options: InstructionsPromptOptions | undefined,
  caller: string,
): string {
  const servers = source.servers();
  const names = chosenNames(options, caller) ?? servers.map((server) => server.name);
  const byName = new Map(servers.map((server) => [server.name, server]));
  const sections: string[] = [];
  for (const name of names) {
    const server = byName.get(name);
    if (!server) {
      const known = [...byName.keys()].join(", ") || "none";
      throw new TypeError(`${caller}: no MCP server named "${name}" is configured (configured: ${known})`);
    }
    const text = typeof server.instructions === "string" ? server.instructions.trimEnd() : "";
    if (text.trim() === "") continue;
    // The model's share of the server's text (SPEC §13.4.8); the snapshot keeps it whole.
    const max = server.maxInstructionsChars ?? DEFAULT_MAX_INSTRUCTIONS_CHARS;
    sections.push(`## MCP server "${name}"\n${budgetText(text, max, "instructions").text}`);
  }
  return sections.join("\n\n");
}

/**
 * The `instructions` the chosen servers sent when they connected, as one system-prompt section:
 * `## MCP server "<name>"`, a newline and the server's instructions, per server that has any,
 * separated by blank lines (`""` when none has any). Off by default: nothing reaches the model
 * unless the host passes the result itself (the AI SDK's `system` / `instructions`, LangChain's
 * `SystemMessage` or `createAgent`'s `systemPrompt`). Read from `source.servers()` at the call:
 * call it again after a server (re)connects. Every adapter exports this one function.
 * @param options.servers the servers to include, in this order (default: all, in the source's order)
 * @throws TypeError for a server name the source does not configure.
 */
export function instructionsPrompt(source: InstructionsSource, options?: InstructionsPromptOptions): string {
  return buildInstructionsPrompt(source, options, "instructionsPrompt");
}
