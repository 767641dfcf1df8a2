/**
 * The source's resources offered to a model as two tools shaped exactly like `McpTool`, so every
 * adapter converts them with its usual converter: `mcp_list_resources` (the resources and
 * templates of every server, or of one, a page at a time) and `mcp_read_resource` (one resource's
 * contents as content blocks). Everything a model receives is bounded by `maxBytes`, a cut marked
 * with `[truncated: N of M bytes shown]`.
 * @module
 */

import { invalidOption } from "../option-error.js";
import { base64Bytes } from "../resources/bounded-contents.js";
import { errorResult } from "../tools/error-result.js";
import { cutText, truncationMarker } from "../tools/truncation.js";
import type {
  JsonSchemaObject,
  McpCallContext,
  McpContentBlock,
  McpResourceContents,
  McpSource,
  McpTool,
  McpToolResult,
  ToolAnnotations,
} from "../types.js";

export { truncationMarker } from "../tools/truncation.js";

/** The default bound on what one resource-tool result carries, in bytes. */
export const DEFAULT_RESOURCE_TOOL_MAX_BYTES = 256 * 1024;

/** Resources listed per `mcp_list_resources` page. */
export const RESOURCE_LIST_PAGE_SIZE = 100;

/** Options of {@link createResourceTools}. */
export interface ResourceToolsOptions {
  /** The most bytes of contents (or listing) one result carries. @default 262144 (256 KiB) */
  maxBytes?: number | undefined;
}

/** What the resource tools use of a source. */
export type ResourceToolSource = Pick<
  McpSource,
  "resources" | "resourceTemplates" | "readResource" | "servers"
>;

const READ_ONLY: ToolAnnotations = { readOnlyHint: true };

const LIST_SCHEMA: JsonSchemaObject = {
  type: "object",
  properties: {
    server: { type: "string", description: "Only this MCP server's resources (default: every server)" },
    cursor: { type: "string", description: "The nextCursor of the previous page" },
  },
  additionalProperties: false,
};

const READ_SCHEMA: JsonSchemaObject = {
  type: "object",
  properties: {
    server: { type: "string", description: "The MCP server that lists the resource" },
    uri: {
      type: "string",
      description: "The resource's URI (from mcp_list_resources, or a template filled in)",
    },
  },
  required: ["server", "uri"],
  additionalProperties: false,
};

/** A tool shaped like the core's, for the adapters' converters. */
function resourceTool(
  name: string,
  title: string,
  description: string,
  inputSchema: JsonSchemaObject,
  execute: (args: Record<string, unknown>, ctx?: McpCallContext) => Promise<McpToolResult>,
): McpTool {
  return Object.freeze({
    name,
    server: "",
    rawName: name,
    title,
    description,
    inputSchema,
    outputSchema: undefined,
    annotations: READ_ONLY,
    execute,
  });
}

function ok(content: McpContentBlock[]): McpToolResult {
  const text = content.flatMap((b) => (b.type === "text" ? [b.text as string] : [])).join("\n");
  return { content, isError: false, text };
}

function badInput(message: string): McpToolResult {
  return errorResult("protocol", "PROTOCOL_ERROR", message);
}

/**
 * `mcp_list_resources` and `mcp_read_resource` over `source`. Their `execute` never throws: bad
 * arguments, an unknown server and a failed read resolve with `isError: true`.
 * @throws McpCoreError `OPTIONS_INVALID` when `maxBytes` is not a positive integer
 */
export function createResourceTools(
  source: ResourceToolSource,
  options: ResourceToolsOptions = {},
): [McpTool, McpTool] {
  const maxBytes = options.maxBytes ?? DEFAULT_RESOURCE_TOOL_MAX_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) {
    invalidOption("createResourceTools", "maxBytes", "a positive integer (bytes)", maxBytes);
  }
  const known = (server: string) => source.servers().some((s) => s.name === server);

  const list = resourceTool(
    "mcp_list_resources",
    "List MCP resources",
    "Lists the resources (and resource templates) the connected MCP servers offer, " +
      `${RESOURCE_LIST_PAGE_SIZE} per page; read one with mcp_read_resource.`,
    LIST_SCHEMA,
    async (args) => {
      const { server, cursor } = args ?? {};
      if (server !== undefined && typeof server !== "string") return badInput('"server" must be a string');
      if (cursor !== undefined && typeof cursor !== "string") return badInput('"cursor" must be a string');
      if (server !== undefined && !known(server)) return badInput(`No MCP server named "${server}"`);
      const offset = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
      if (!Number.isInteger(offset) || offset < 0) return badInput(`Invalid cursor "${cursor}"`);
      const mine = <T extends { server: string }>(items: T[]) =>
        server === undefined ? items : items.filter((item) => item.server === server);
      const resources = mine(source.resources());
      const page = resources.slice(offset, offset + RESOURCE_LIST_PAGE_SIZE);
      const next = offset + page.length < resources.length ? String(offset + page.length) : undefined;
      const listing = {
        resources: page,
        ...(offset === 0 ? { resourceTemplates: mine(source.resourceTemplates()) } : {}),
        ...(next ? { nextCursor: next } : {}),
      };
      const cut = cutText(JSON.stringify(listing, null, 1), maxBytes);
      const blocks: McpContentBlock[] = [{ type: "text", text: cut.text }];
      if (cut.bytes < cut.total) blocks.push({ type: "text", text: truncationMarker(cut.bytes, cut.total) });
      return ok(blocks);
    },
  );

  const read = resourceTool(
    "mcp_read_resource",
    "Read an MCP resource",
    "Reads one resource of an MCP server by its URI (text, images, audio or other files).",
    READ_SCHEMA,
    async (args, ctx) => {
      const { server, uri } = args ?? {};
      if (typeof server !== "string" || typeof uri !== "string") {
        return badInput('"server" and "uri" must be strings');
      }
      const result = await source.readResource(server, uri, ctx);
      if (result.isError) {
        const error = result.error ?? { kind: "unavailable", code: "CALL_FAILED", message: "reading failed" };
        return errorResult(error.kind, error.code, error.message, error.detail);
      }
      return ok(contentBlocks(result.contents, maxBytes));
    },
  );

  return [list, read];
}

/**
 * Resource contents as blocks within `maxBytes`: text as text, a blob as an image or audio block by
 * MIME type, else as an embedded resource. A text is cut at the budget; a blob that does not fit is
 * left out (half an image is no image); each cut says so with the truncation marker.
 */
function contentBlocks(contents: McpResourceContents[], maxBytes: number): McpContentBlock[] {
  let budget = maxBytes;
  const blocks: McpContentBlock[] = [];
  for (const item of contents) {
    if ("text" in item) {
      const cut = cutText(item.text, budget);
      budget -= cut.bytes;
      if (cut.text.length > 0) blocks.push({ type: "text", text: cut.text });
      if (cut.bytes < cut.total) blocks.push({ type: "text", text: truncationMarker(cut.bytes, cut.total) });
      continue;
    }
    const total = base64Bytes(item.blob);
    if (item.blob.length > budget) {
      blocks.push({ type: "text", text: `${item.uri}: ${truncationMarker(0, total)}` });
      continue;
    }
    budget -= item.blob.length;
    const mimeType = item.mimeType ?? "application/octet-stream";
    if (mimeType.startsWith("image/")) blocks.push({ type: "image", data: item.blob, mimeType });
    else if (mimeType.startsWith("audio/")) blocks.push({ type: "audio", data: item.blob, mimeType });
    else blocks.push({ type: "resource", resource: { uri: item.uri, mimeType, blob: item.blob } });
  }
  return blocks;
}

const RESOURCE_TOOLS_EXPECTED = "an object { maxBytes?: a positive integer } ({} for the defaults)";

/**
 * An adapter's `resourceTools` option as {@link createResourceTools}' options: `undefined` when
 * absent (the tools are off), else the object (`{}` for the defaults, or `{ maxBytes }`). A boolean
 * is refused: it does not stand in for the object (CONTRIBUTING.md's option naming rule).
 * @throws McpCoreError `OPTIONS_INVALID` naming the adapter and the option
 */
export function resolveResourceToolsOption(entry: string, value: unknown): ResourceToolsOptions | undefined {
  if (value === undefined) return undefined;
  const maxBytes = (value as { maxBytes?: unknown } | null)?.maxBytes;
  const valid =
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).every((key) => key === "maxBytes") &&
    (maxBytes === undefined || (Number.isSafeInteger(maxBytes) && (maxBytes as number) > 0));
  if (!valid) invalidOption(entry, "resourceTools", RESOURCE_TOOLS_EXPECTED, value);
  return value as ResourceToolsOptions;
}
