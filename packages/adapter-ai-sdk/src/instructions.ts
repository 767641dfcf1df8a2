/**
 * The servers' instructions as a system-prompt section, for `system` (ai 6) / `instructions` (ai 7).
 * @module
 */
import {
  buildInstructionsPrompt,
  type InstructionsPromptOptions,
  type InstructionsSource,
} from "@toolnexus/mcp-core/adapter";

export type { InstructionsPromptOptions };

/**
 * The `instructions` the chosen servers sent when they connected, as one system-prompt section:
 * `## MCP server "<name>"`, a newline and the server's instructions, per server that has any,
 * separated by blank lines (`""` when none has any). Off by default: nothing reaches the model unless
 * you pass the result yourself, e.g. `generateText({ system: instructionsPrompt(source), ... })`.
 * Read from `source.servers()` at the call: call it again after a server (re)connects.
 * @param options.servers the servers to include, in this order (default: all, in the source's order)
 * @throws TypeError for a server name the source does not configure.
 */
export function instructionsPrompt(source: InstructionsSource, options?: InstructionsPromptOptions): string {
  return buildInstructionsPrompt(source, options, "instructionsPrompt");
}
