/**
 * `parseConfig`: an MCP config (a JSON/JSONC file path or an object, in the Claude Desktop/Cursor/
 * Claude Code, VS Code or opencode/toolnexus dialect) → validated, normalized `ServerConfig`s.
 * @module
 */
import { McpCoreError } from "../errors.js";
import { collectEntries } from "./collect-entries.js";
import { type ConfigIssue, configInvalidError } from "./config-issue.js";
import { describeValue } from "./describe-value.js";
import type { DuplicateKey } from "./find-duplicate-keys.js";
import type { McpConfigInput } from "./mcp-config-input.js";
import { normalizeServer } from "./normalize-server.js";
import { readConfigFile } from "./read-config-file.js";
import type { ParsedConfig, ServerConfig } from "./server-config.js";
import { type ServerNameMode, serverNameProblem } from "./server-name.js";

/** Options of `parseConfig`. */
export interface ParseConfigOptions {
  /**
   * `"strict"`: server names must match `[A-Za-z0-9_-]{1,32}`. `"any"`: any non-empty string, for
   * callers that sanitize names themselves (the toolnexus adapter).
   * @default "strict"
   */
  serverNames?: ServerNameMode | undefined;
}

/**
 * Parses and validates an MCP config.
 *
 * A string is a path to a JSON or JSONC file (relative to the working directory); relative `cwd` and
 * `envFile` then resolve against the file's directory, otherwise against the working directory. An
 * object may also give `headers` as a function. Every problem of the whole config is reported at once.
 * @returns the servers in config order (disabled ones included, with `enabled: false`) and one warning
 *   per server that has unknown keys
 * @throws McpCoreError `CONFIG_NOT_FOUND` (file unreadable), `CONFIG_PARSE` (syntax error, with line and
 *   column), `CONFIG_INVALID` (one line per problem, naming the server and field; values never shown),
 *   `OPTIONS_INVALID` (bad `options`)
 */
export async function parseConfig(
  input: string | McpConfigInput,
  options?: ParseConfigOptions,
): Promise<ParsedConfig> {
  const serverNames = options?.serverNames ?? "strict";
  if (serverNames !== "strict" && serverNames !== "any") {
    throw new McpCoreError(
      "OPTIONS_INVALID",
      `parseConfig: option "serverNames" must be "strict" or "any", got ${describeValue(serverNames)}`,
    );
  }
  let root: unknown = input;
  let baseDir = process.cwd();
  let duplicateKeys: DuplicateKey[] = [];
  let file: string | undefined;
  if (typeof input === "string") {
    const read = await readConfigFile(input);
    ({ value: root, baseDir, duplicateKeys, path: file } = read);
  }

  const { entries, issues, warnings } = collectEntries(root, duplicateKeys);
  const servers: ServerConfig[] = [];
  const named = new Set<string>();
  for (const { name, entry } of entries) {
    const nameProblem = named.has(name) ? undefined : serverNameProblem(name, serverNames);
    named.add(name);
    if (nameProblem !== undefined) issues.push({ server: name, problem: nameProblem } satisfies ConfigIssue);
    const result = normalizeServer(name, entry, baseDir);
    issues.push(...result.issues);
    if (result.warning !== undefined) warnings.push(result.warning);
    if (result.config !== undefined) servers.push(result.config);
  }
  if (issues.length > 0) throw configInvalidError(issues, file);
  return { servers, warnings };
}
