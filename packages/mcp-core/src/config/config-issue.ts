/**
 * Config problems: where they are, how they read, and the one error that reports all of them.
 * @module
 */
import { McpCoreError } from "../errors.js";

/** One problem found in a config. */
export interface ConfigIssue {
  /** The server the problem is about; absent for problems outside any server entry. */
  server?: string;
  /** Field path inside the server entry, or a top-level key when `server` is absent. */
  path?: readonly (string | number)[];
  /** What was expected and what was found, e.g. `expected a string, got number`. */
  problem: string;
}

const PLAIN_KEY = /^[A-Za-z0-9_-]+$/;

/** Renders a field path the way a user would write it: `args[1]`, `env.TOKEN`, `tools["a.b"]`. */
export function formatFieldPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (!PLAIN_KEY.test(segment)) out += `[${JSON.stringify(segment)}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}

/** One issue as a line without the `Invalid MCP config` prefix. */
export function formatIssue(issue: ConfigIssue): string {
  const where: string[] = [];
  if (issue.server !== undefined) where.push(`server ${JSON.stringify(issue.server)}`);
  if (issue.path !== undefined && issue.path.length > 0) where.push(`field "${formatFieldPath(issue.path)}"`);
  return where.length === 0 ? issue.problem : `${where.join(", ")}: ${issue.problem}`;
}

/**
 * The `CONFIG_INVALID` error for a non-empty list of issues: one line per issue, each starting with
 * `Invalid MCP config` (plus the file when the config came from one). `server` is the first issue's server.
 */
export function configInvalidError(issues: readonly ConfigIssue[], file?: string): McpCoreError {
  const prefix = file === undefined ? "Invalid MCP config" : `Invalid MCP config in ${JSON.stringify(file)}`;
  const message = issues.map((issue) => `${prefix}: ${formatIssue(issue)}`).join("\n");
  const server = issues.find((issue) => issue.server !== undefined)?.server;
  return new McpCoreError("CONFIG_INVALID", message, server === undefined ? undefined : { server });
}
