/**
 * `mcp_read_result`: the tool every adapter adds once the source holds a kept result
 * (`source.hasKeptResults`), with which the model reads a result kept over its budget by the handle its preview gave — a slice
 * from an offset, or the lines that contain a string. Shaped like `McpTool` (no server: `server` is
 * `""`) so each adapter converts it like any tool. A handle that expired or was never kept answers a
 * sentence (a success the model reads), not an error.
 * @module
 */
import { READ_RESULT_TOOL_NAME } from "../results/budget-result.js";
import { DEFAULT_READ_CHARS } from "../results/kept-results.js";
import { errorResult } from "../tools/error-result.js";
import type { JsonSchemaObject, McpSource, McpTool, McpToolResult, ToolAnnotations } from "../types.js";

export { READ_RESULT_TOOL_NAME } from "../results/budget-result.js";

/** What the tool uses of a source. */
export type ResultToolSource = Pick<McpSource, "readResult">;

const LOCAL: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

const READ_SCHEMA: JsonSchemaObject = {
  type: "object",
  properties: {
    handle: { type: "string", description: "The handle a result's preview gave" },
    offset: {
      type: "integer",
      minimum: 0,
      description: "The first character to read (default 0); each answer says where the next slice starts",
    },
    length: {
      type: "integer",
      minimum: 1,
      description: `How many characters to read (default ${DEFAULT_READ_CHARS})`,
    },
    contains: {
      type: "string",
      description: "Instead of a slice: the numbered lines that contain this text (case-insensitive)",
    },
  },
  required: ["handle"],
  additionalProperties: false,
};

function badInput(expected: string): McpToolResult {
  return errorResult(
    "protocol",
    "PROTOCOL_ERROR",
    `Invalid input for ${READ_RESULT_TOOL_NAME}: expected ${expected}`,
  );
}

function isCount(value: unknown, min: number): boolean {
  return value === undefined || (typeof value === "number" && Number.isSafeInteger(value) && value >= min);
}

async function read(source: ResultToolSource, args: Record<string, unknown>): Promise<McpToolResult> {
  const { handle, offset, length, contains } = args;
  if (typeof handle !== "string" || handle === "") return badInput('"handle", a non-empty string');
  if (!isCount(offset, 0)) return badInput('"offset", an integer ≥ 0');
  if (!isCount(length, 1)) return badInput('"length", an integer ≥ 1');
  if (contains !== undefined && typeof contains !== "string") return badInput('"contains", a string');
  const text = await source.readResult(handle, {
    offset: offset as number | undefined,
    length: length as number | undefined,
    contains: contains as string | undefined,
  });
  return { content: [{ type: "text", text }], isError: false, text };
}

/** `[mcp_read_result]` over a source: make it once per toolset, like the meta-tools. */
export function createResultTools(source: ResultToolSource): readonly [McpTool] {
  return [
    Object.freeze({
      name: READ_RESULT_TOOL_NAME,
      server: "",
      rawName: READ_RESULT_TOOL_NAME,
      title: undefined,
      description:
        "Reads a tool result that was too large to show whole, by the handle its preview gave: a slice of characters from an offset, or the lines that contain a text.",
      inputSchema: READ_SCHEMA,
      outputSchema: undefined,
      annotations: LOCAL,
      execute: (args: Record<string, unknown>) => read(source, args ?? {}),
    }),
  ];
}
