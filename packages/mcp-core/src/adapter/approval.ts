/**
 * Which tools need a person's approval before they run, from the servers' own annotations. Each
 * adapter maps the verdict to its host's mechanism (the AI SDK's `needsApproval`, LangChain's
 * human-in-the-loop interrupt).
 * @module
 */
import { isPlainObject } from "../config/describe-value.js";
import { invalidOption } from "../option-error.js";
import { globMatcher } from "../tools/glob.js";
import type { McpTool } from "../types.js";

/**
 * An adapter's `approval` option. `true`: every MCP tool; `false` (default): none; a function:
 * your own rule; an object: a tool needs approval when any of its rules matches it —
 * `destructive: true` a tool that may destroy (not `readOnlyHint`, and `destructiveHint` not false),
 * `openWorld: true` a tool that reaches outside (`openWorldHint` not false), `tools` a model-facing
 * name matching one of the globs (`*`, `?`). Absent hints take the MCP defaults
 * (`readOnlyHint: false`, `destructiveHint: true`, `openWorldHint: true`).
 */
export type ApprovalPolicy =
  | boolean
  | ((tool: McpTool) => boolean)
  | {
      destructive?: boolean | undefined;
      openWorld?: boolean | undefined;
      tools?: readonly string[] | undefined;
    };

const EXPECTED = "a boolean, a function, or { destructive?, openWorld?, tools? }";

/** True when the tool may destroy something, by its hints and the MCP defaults. */
export function isDestructive(tool: McpTool): boolean {
  return tool.annotations?.readOnlyHint !== true && tool.annotations?.destructiveHint !== false;
}

/** True when the tool may reach outside its server, by its hint and the MCP default. */
export function isOpenWorld(tool: McpTool): boolean {
  return tool.annotations?.openWorldHint !== false;
}

/**
 * The policy as one test; `undefined` when no tool needs approval. The meta-tools and other
 * server-less tools never do.
 * @throws McpCoreError `OPTIONS_INVALID` naming the adapter and the field
 */
export function approvalRule(
  entry: string,
  policy: ApprovalPolicy | undefined,
): ((tool: McpTool) => boolean) | undefined {
  if (policy === undefined || policy === false) return undefined;
  if (policy === true) return (tool) => tool.server !== "";
  if (typeof policy === "function") return (tool) => tool.server !== "" && policy(tool) === true;
  if (!isPlainObject(policy)) return invalidOption(entry, "approval", EXPECTED, policy);
  for (const key of Object.keys(policy)) {
    if (!["destructive", "openWorld", "tools"].includes(key)) {
      invalidOption(
        entry,
        `approval.${key}`,
        "no such key (destructive, openWorld, tools)",
        policy[key as never],
      );
    }
  }
  const { destructive, openWorld, tools } = policy;
  for (const [key, value] of [
    ["destructive", destructive],
    ["openWorld", openWorld],
  ] as const) {
    if (value !== undefined && typeof value !== "boolean")
      invalidOption(entry, `approval.${key}`, "a boolean", value);
  }
  if (tools !== undefined && (!Array.isArray(tools) || tools.some((t) => typeof t !== "string"))) {
    invalidOption(entry, "approval.tools", "an array of tool-name globs", tools);
  }
  const named = globMatcher(tools ?? []);
  return (tool) =>
    tool.server !== "" &&
    ((destructive === true && isDestructive(tool)) ||
      (openWorld === true && isOpenWorld(tool)) ||
      named(tool.name));
}
