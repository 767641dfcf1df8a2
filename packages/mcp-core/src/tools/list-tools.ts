/**
 * Fetches a server's whole tool listing (`listPaged`), tolerating malformed tools: the SDK's
 * strict parse rejects a whole page for one bad tool, so each tool is validated on its own here.
 * @module
 */
import { type Client, specTypeSchemas, type Tool } from "@modelcontextprotocol/client";
import { MAX_TOOL_DEPTH, nestsDeeperThan } from "./json-depth.js";
import { type ListingOptions, listPaged, type PagedKind } from "./paged-list.js";

export { MAX_PAGES } from "./paged-list.js";

/** A validated listing, and a warning for every tool that was dropped. */
export interface Listing {
  tools: Tool[];
  warnings: string[];
}

/** `path: message` of the first issue a spec schema found (`fallback` names an issue at the root). */
export function issueReason(
  issues: readonly { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] | undefined }[],
  fallback: string,
): string {
  const issue = issues[0];
  const where = issue?.path?.length
    ? issue.path.map((key) => String(typeof key === "object" ? key.key : key)).join(".")
    : fallback;
  return `${where}: ${issue?.message ?? "invalid"}`;
}

/** Validates one listed tool; returns a reason when it must be dropped. */
export function checkTool(value: unknown): { tool: Tool } | { reason: string } {
  if (nestsDeeperThan(value, MAX_TOOL_DEPTH)) {
    return { reason: `definition nests deeper than ${MAX_TOOL_DEPTH} levels` };
  }
  const parsed = specTypeSchemas.Tool["~standard"].validate(value);
  if (parsed.issues) return { reason: issueReason(parsed.issues, "tool") };
  const tool = parsed.value as Tool;
  // The spec's schema takes "", but no model API takes a tool without a name, nor a config map one.
  if (tool.name === "") return { reason: "name: empty" };
  return { tool };
}

const TOOLS: PagedKind<Tool> = {
  method: "tools/list",
  key: "tools",
  noun: "tools",
  check: (value) => {
    const checked = checkTool(value);
    return "reason" in checked ? checked : { item: checked.tool };
  },
  idOf: (tool) => tool.name,
  duplicates: "reject",
};

/** Lists every page; rejects on a repeated cursor, too many pages or duplicate raw names. */
export async function listAllTools(
  client: Client,
  server: string,
  options: ListingOptions,
): Promise<Listing> {
  const { items, warnings } = await listPaged(client, server, TOOLS, options);
  return { tools: items, warnings };
}
