/**
 * Fetches a server's whole tool listing, page by page, tolerating malformed tools: the SDK's
 * strict parse rejects a whole page for one bad tool, so pages are parsed loosely here and each
 * tool is validated on its own.
 * @module
 */
import { type Client, specTypeSchemas, type Tool } from "@modelcontextprotocol/client";
import { z } from "zod";
import { McpCoreError } from "../errors.js";
import { MAX_TOOL_DEPTH, nestsDeeperThan } from "./json-depth.js";

/** Pages read at most before a listing is rejected (a server looping over fresh cursors). */
export const MAX_PAGES = 1000;

const LoosePageSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/** A validated listing, and a warning for every tool that was dropped. */
export interface Listing {
  tools: Tool[];
  warnings: string[];
}

/** Validates one listed tool; returns a reason when it must be dropped. */
export function checkTool(value: unknown): { tool: Tool } | { reason: string } {
  if (nestsDeeperThan(value, MAX_TOOL_DEPTH)) {
    return { reason: `definition nests deeper than ${MAX_TOOL_DEPTH} levels` };
  }
  const parsed = specTypeSchemas.Tool["~standard"].validate(value);
  if (parsed.issues) {
    const issue = parsed.issues[0];
    const where = issue?.path?.length
      ? issue.path.map((key) => String(typeof key === "object" ? key.key : key)).join(".")
      : "tool";
    return { reason: `${where}: ${issue?.message ?? "invalid"}` };
  }
  return { tool: parsed.value as Tool };
}

function toolLabel(value: unknown, index: number): string {
  const name = (value as { name?: unknown } | null)?.name;
  return typeof name === "string" ? `"${name}"` : `#${index}`;
}

/** Requests one page; a failure (a timeout included) is classified by the caller, which knows why it listed. */
function listPage(
  client: Client,
  cursor: string | undefined,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<z.infer<typeof LoosePageSchema>> {
  return client.request(
    { method: "tools/list", params: cursor === undefined ? {} : { cursor } },
    LoosePageSchema,
    { timeout: options.timeoutMs, signal: options.signal },
  );
}

/** Lists every page; rejects on a repeated cursor, too many pages or duplicate raw names. */
export async function listAllTools(
  client: Client,
  server: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Listing> {
  // The SDK adds an abort listener to the signal of every request and never removes it, so each
  // page gets its own controller and the caller's signal holds one listener for the whole listing.
  const outer = options.signal;
  let pageAbort: AbortController | undefined;
  const onAbort = () => pageAbort?.abort(outer?.reason);
  outer?.addEventListener("abort", onAbort, { once: true });
  try {
    return await listPages(client, server, options.timeoutMs, () => {
      pageAbort = new AbortController();
      if (outer?.aborted) pageAbort.abort(outer.reason);
      return pageAbort.signal;
    });
  } finally {
    outer?.removeEventListener("abort", onAbort);
  }
}

async function listPages(
  client: Client,
  server: string,
  timeoutMs: number,
  pageSignal: () => AbortSignal,
): Promise<Listing> {
  const tools: Tool[] = [];
  const warnings: string[] = [];
  const seenCursors = new Set<string>();
  const seenNames = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) {
      throw new McpCoreError(
        "LISTING_INVALID",
        `MCP server "${server}" listed more than ${MAX_PAGES} pages of tools`,
        {
          server,
        },
      );
    }
    const result = await listPage(client, cursor, { timeoutMs, signal: pageSignal() });
    result.tools.forEach((value, index) => {
      const checked = checkTool(value);
      if ("reason" in checked) {
        warnings.push(
          `MCP server "${server}": dropped malformed tool ${toolLabel(value, index)} (${checked.reason})`,
        );
        return;
      }
      if (seenNames.has(checked.tool.name)) {
        throw new McpCoreError(
          "LISTING_INVALID",
          `MCP server "${server}" listed the tool name "${checked.tool.name}" twice; its listing was rejected`,
          { server },
        );
      }
      seenNames.add(checked.tool.name);
      tools.push(checked.tool);
    });
    cursor = result.nextCursor;
    if (cursor === undefined) return { tools, warnings };
    if (seenCursors.has(cursor)) {
      throw new McpCoreError(
        "LISTING_INVALID",
        `MCP server "${server}" repeated a pagination cursor while listing tools`,
        {
          server,
        },
      );
    }
    seenCursors.add(cursor);
  }
}
