/**
 * The two meta-tools every adapter offers when tools are deferred: `mcp_search_tools` finds tools,
 * `mcp_load_tools` loads them for the rest of the conversation. They are `McpTool`-shaped (with no
 * server: `server` is `""`) so each adapter converts them like any tool. They keep no state: which
 * tools a conversation loaded is read back from its own `mcp_load_tools` calls
 * ({@link loadedToolNames}), so concurrent conversations never see each other's loads.
 * @module
 */
import { errorMessage } from "../errors.js";
import { closestNames } from "../naming/closest-names.js";
import { errorResult } from "../tools/error-result.js";
import type {
  JsonSchemaObject,
  McpSource,
  McpTool,
  McpToolResult,
  ToolAnnotations,
  ToolSearchHit,
} from "../types.js";

/** The model-facing names of the meta-tools (reserved: an MCP tool of the same name is not offered). */
export const SEARCH_TOOLS_NAME = "mcp_search_tools";
export const LOAD_TOOLS_NAME = "mcp_load_tools";
/** `mcp_search_tools`' default and largest `limit`. */
export const META_SEARCH_DEFAULT_LIMIT = 5;
export const META_SEARCH_MAX_LIMIT = 20;
/** The most names one `mcp_load_tools` call takes. */
export const MAX_LOAD_NAMES = 20;
/** A hit's description is its first line, cut to this many characters. */
const DESCRIPTION_CHARS = 200;

const LOCAL: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

const searchSchema: JsonSchemaObject = {
  type: "object",
  properties: {
    query: { type: "string", description: "What you want to do, in a few words" },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: META_SEARCH_MAX_LIMIT,
      description: `How many tools to return (default ${META_SEARCH_DEFAULT_LIMIT})`,
    },
  },
  required: ["query"],
  additionalProperties: false,
};

const loadSchema: JsonSchemaObject = {
  type: "object",
  properties: {
    names: {
      type: "array",
      items: { type: "string" },
      minItems: 1,
      maxItems: MAX_LOAD_NAMES,
      description: `Tool names exactly as ${SEARCH_TOOLS_NAME} returned them`,
    },
  },
  required: ["names"],
  additionalProperties: false,
};

/** One hit of `mcp_search_tools`, as the model receives it. */
export interface MetaSearchHit {
  name: string;
  description: string;
}

/** `mcp_load_tools`' structured result. */
export interface MetaLoadResult {
  loaded: string[];
  unknown: { name: string; suggestions: string[] }[];
}

function ok(text: string, structuredContent: unknown): McpToolResult {
  return { content: [{ type: "text", text }], structuredContent, isError: false, text };
}

function badInput(tool: string, expected: string): McpToolResult {
  const message = `Invalid input for ${tool}: expected ${expected}`;
  return errorResult("protocol", "PROTOCOL_ERROR", message);
}

function oneLine(description: string): string {
  const line = (description.split("\n", 1)[0] ?? "").replace(/\s+/g, " ").trim();
  return line.length > DESCRIPTION_CHARS ? `${line.slice(0, DESCRIPTION_CHARS - 1)}…` : line;
}

function metaTool(
  name: string,
  description: string,
  inputSchema: JsonSchemaObject,
  run: (args: Record<string, unknown>) => McpToolResult | Promise<McpToolResult>,
): McpTool {
  return Object.freeze({
    name,
    server: "",
    rawName: name,
    title: undefined,
    description,
    inputSchema,
    outputSchema: undefined,
    annotations: LOCAL,
    execute: async (args: Record<string, unknown>) => run(args ?? {}),
  });
}

/** Ranks tools for `mcp_search_tools`: the source's `searchTools`, or a hybrid search's `search`. */
export type MetaSearch = (
  query: string,
  options: { limit: number },
) => ToolSearchHit[] | Promise<ToolSearchHit[]>;

async function search(find: MetaSearch, args: Record<string, unknown>): Promise<McpToolResult> {
  const { query, limit = META_SEARCH_DEFAULT_LIMIT } = args;
  if (typeof query !== "string" || query.trim() === "")
    return badInput(SEARCH_TOOLS_NAME, '"query", a non-empty string');
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > META_SEARCH_MAX_LIMIT) {
    return badInput(SEARCH_TOOLS_NAME, `"limit", an integer from 1 to ${META_SEARCH_MAX_LIMIT}`);
  }
  let found: ToolSearchHit[];
  try {
    found = await find(query, { limit });
  } catch (error) {
    return errorResult("tool", "TOOL_ERROR", `${SEARCH_TOOLS_NAME} failed: ${errorMessage(error)}`);
  }
  const tools: MetaSearchHit[] = found.map((hit) => ({
    name: hit.name,
    description: oneLine(hit.description),
  }));
  const text =
    tools.length === 0
      ? `No tools match "${oneLine(query)}"; try other words.`
      : `${tools.map((t) => `- ${t.name}: ${t.description}`).join("\n")}\nLoad the ones you need with ${LOAD_TOOLS_NAME}.`;
  return ok(text, { tools });
}

function load(source: McpSource, args: Record<string, unknown>): McpToolResult {
  const { names } = args;
  if (
    !Array.isArray(names) ||
    names.length === 0 ||
    names.length > MAX_LOAD_NAMES ||
    names.some((n) => typeof n !== "string")
  ) {
    return badInput(LOAD_TOOLS_NAME, `"names", an array of 1 to ${MAX_LOAD_NAMES} tool names`);
  }
  const known = source.tools.map((tool) => tool.name);
  const available = new Set(known);
  const result: MetaLoadResult = { loaded: [], unknown: [] };
  for (const name of new Set(names as string[])) {
    if (available.has(name)) result.loaded.push(name);
    else result.unknown.push({ name, suggestions: closestNames(name, known, 3) });
  }
  const lines: string[] = [];
  if (result.loaded.length > 0) {
    lines.push(`Loaded: ${result.loaded.join(", ")}. You can call them from your next step on.`);
  }
  for (const { name, suggestions } of result.unknown) {
    const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(", ")}?` : "";
    lines.push(`No tool named "${oneLine(name).slice(0, 100)}".${hint}`);
  }
  const text = lines.join("\n");
  if (result.loaded.length > 0) return ok(text, result);
  return { ...errorResult("tool", "TOOL_ERROR", text), structuredContent: result };
}

/**
 * `[mcp_search_tools, mcp_load_tools]` over a source. Make them once per toolset: adapters convert
 * a tool object once and reuse the conversion while the object stays the same. `find` ranks for
 * `mcp_search_tools` instead of `source.searchTools` (an adapter's hybrid search).
 */
export function createMetaTools(source: McpSource, find?: MetaSearch): readonly [McpTool, McpTool] {
  const ranked: MetaSearch = find ?? ((query, options) => source.searchTools(query, options));
  return [
    metaTool(
      SEARCH_TOOLS_NAME,
      `Searches the tools you can load but do not have yet. Returns tool names with a one-line description; load the ones you need with ${LOAD_TOOLS_NAME}.`,
      searchSchema,
      (args) => search(ranked, args),
    ),
    metaTool(
      LOAD_TOOLS_NAME,
      `Loads tools by the names ${SEARCH_TOOLS_NAME} returned; they can be called from your next step on.`,
      loadSchema,
      (args) => load(source, args),
    ),
  ];
}

/**
 * The names a conversation loaded, read from its tool calls: every string in the `names` of each
 * `mcp_load_tools` call. Give it the conversation's calls (`{ toolName, input }`, in any order).
 */
export function loadedToolNames(calls: Iterable<{ toolName: string; input: unknown }>): Set<string> {
  const loaded = new Set<string>();
  for (const { toolName, input } of calls) {
    if (toolName !== LOAD_TOOLS_NAME || typeof input !== "object" || input === null) continue;
    const names = (input as { names?: unknown }).names;
    if (Array.isArray(names)) for (const name of names) if (typeof name === "string") loaded.add(name);
  }
  return loaded;
}
