/**
 * Which of a server's listed tools the source offers: the entry's `tools` map, its `tools.include` /
 * `tools.exclude` globs (raw names) and its `toolFilter`. Applied to every listing a server gets
 * (cache, discovery, session), so refreshes, `list_changed` and the lazy cache agree; a dropped tool
 * is neither offered nor searchable nor callable.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import { describeValue } from "../config/describe-value.js";
import type { ServerConfig, ToolFilterInput } from "../config/server-config.js";
import { errorMessage } from "../errors.js";
import type { JsonSchemaObject } from "../types.js";
import { globMatcher } from "./glob.js";

/** Why a `toolFilter` gave no verdict for a tool (the tool is kept). */
export type ToolFilterFailure = { tool: string; problem: string };

/** The map's verdict: any `true` makes it an allow list (only those raw names), else `false` drops. */
function mapVerdict(map: Record<string, boolean>): (name: string) => boolean {
  const allowList = Object.values(map).some((value) => value);
  const entry = (name: string) => (Object.hasOwn(map, name) ? map[name] : undefined);
  return allowList ? (name) => entry(name) === true : (name) => entry(name) !== false;
}

/** What the server's `toolFilter` is called with. */
function filterInput(server: string, tool: Tool): ToolFilterInput {
  return {
    server,
    name: tool.name,
    title: tool.title ?? tool.annotations?.title,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema as JsonSchemaObject,
    annotations: tool.annotations,
  };
}

/** `threw: <message>`, even for a thrown value that cannot be turned into text. */
function thrownProblem(error: unknown): string {
  try {
    return `threw: ${errorMessage(error)}`;
  } catch {
    return "threw a value that cannot be shown";
  }
}

/** `returned string, not a boolean` / `returned a promise (it must answer synchronously)`. */
function verdictProblem(verdict: unknown): string {
  const thenable = verdict as PromiseLike<unknown> | null | undefined;
  if (typeof thenable?.then !== "function") return `returned ${describeValue(verdict)}, not a boolean`;
  // Its verdict comes too late to count; a rejection must not go unhandled on the host.
  Promise.resolve(thenable).catch(() => {});
  return "returned a promise (it must answer synchronously)";
}

/**
 * The tools of `tools` that `config` keeps, in listing order: those that pass the `tools` map, match
 * `tools.include` (when given), match no `tools.exclude`, and that `toolFilter` (called only for those)
 * does not answer `false`. A `toolFilter` that throws or answers a non-boolean keeps the tool, and
 * `onFailure` hears about it.
 */
export function filterTools(
  tools: readonly Tool[],
  config: Pick<ServerConfig, "name" | "tools" | "toolsInclude" | "toolsExclude" | "toolFilter">,
  onFailure?: (failure: ToolFilterFailure) => void,
): Tool[] {
  const tests: ((name: string) => boolean)[] = [];
  if (config.tools) tests.push(mapVerdict(config.tools));
  if (config.toolsInclude) tests.push(globMatcher(config.toolsInclude));
  if (config.toolsExclude) {
    const excluded = globMatcher(config.toolsExclude);
    tests.push((name) => !excluded(name));
  }
  const { toolFilter } = config;
  // No filter (the usual entry): a copy, without a call per tool.
  if (tests.length === 0 && !toolFilter) return [...tools];
  return tools.filter((tool) => {
    if (!tests.every((test) => test(tool.name))) return false;
    if (!toolFilter) return true;
    let problem: string;
    try {
      const verdict: unknown = toolFilter(filterInput(config.name, tool));
      if (typeof verdict === "boolean") return verdict;
      problem = verdictProblem(verdict);
    } catch (error) {
      problem = thrownProblem(error);
    }
    onFailure?.({ tool: tool.name, problem });
    return true;
  });
}
