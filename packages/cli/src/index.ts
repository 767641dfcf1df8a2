/**
 * `@toolnexus/cli`: the `toolnexus-mcp` command line on top of `@toolnexus/mcp-core`. The bin is
 * the interface; `main` runs it in-process (it writes to the process's stdout and stderr).
 * @module
 */

export type { Command, CommandContext, Flags } from "./command.js";
export { COMMANDS, main } from "./main.js";
export { EXIT } from "./usage-error.js";
