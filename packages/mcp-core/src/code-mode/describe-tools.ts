/**
 * `mcp_describe_tools`: the typed API a program is written against, only the parts the model asks
 * for (a server's tools, or single tools), so the prompt need not hold every declaration. Without
 * names it answers an index: each callable tool as `server.tool` with its description's first line.
 * @module
 */
import { closestNames } from "../naming/closest-names.js";
import type { JsonSchemaObject, McpTool, McpToolResult } from "../tool-types.js";
import { generateTypes } from "./typegen.js";

/** The most names one call takes, and the most index lines one answer holds. */
export const MAX_DESCRIBE_NAMES = 50;
export const MAX_INDEX_LINES = 300;
const LINE_CHARS = 120;

const schema: JsonSchemaObject = {
  type: "object",
  properties: {
    names: {
      type: "array",
      items: { type: "string" },
      maxItems: MAX_DESCRIBE_NAMES,
      description: "Servers (all their tools) or tools as server.tool; leave out for the index of every tool",
    },
  },
  additionalProperties: false,
};

/** The describe tool over `callable` (the tools a program may call now). */
export function describeTools(name: string, callable: () => McpTool[]): McpTool {
  const execute = async (args: Record<string, unknown>): Promise<McpToolResult> => {
    const names = args?.names;
    const tools = callable();
    if (names === undefined || (Array.isArray(names) && names.length === 0)) return ok(index(tools));
    if (
      !Array.isArray(names) ||
      names.length > MAX_DESCRIBE_NAMES ||
      names.some((n) => typeof n !== "string")
    ) {
      const message = `Invalid input for ${name}: expected "names", an array of at most ${MAX_DESCRIBE_NAMES} strings`;
      return {
        content: [{ type: "text", text: message }],
        isError: true,
        error: { kind: "protocol", code: "PROTOCOL_ERROR", message },
        text: message,
      };
    }
    const chosen = new Set<McpTool>();
    const unknown: string[] = [];
    for (const wanted of new Set(names as string[])) {
      const matches = tools.filter(
        (t) => t.server === wanted || `${t.server}.${t.rawName}` === wanted || t.name === wanted,
      );
      if (matches.length === 0) unknown.push(wanted);
      for (const match of matches) chosen.add(match);
    }
    const known = [...new Set(tools.flatMap((t) => [t.server, `${t.server}.${t.rawName}`]))];
    const notes = unknown.map((wanted) => {
      const hint = closestNames(wanted, known, 3);
      return `// No server or tool named ${JSON.stringify(wanted.slice(0, 100))}.${hint.length > 0 ? ` Did you mean: ${hint.join(", ")}?` : ""}`;
    });
    const declarations = chosen.size === 0 ? "" : generateTypes([...chosen]);
    return ok([declarations, ...notes].filter((part) => part !== "").join("\n"));
  };
  return Object.freeze({
    name,
    server: "",
    rawName: name,
    title: undefined,
    description:
      "Returns the TypeScript declarations of the tools a program can call (codemode.<server>.<tool>): give servers or server.tool names, or nothing for an index of every tool.",
    inputSchema: schema,
    outputSchema: undefined,
    annotations: { readOnlyHint: true, openWorldHint: false },
    execute,
  });
}

function index(tools: readonly McpTool[]): string {
  const lines = tools
    .map((t) => {
      const first = (t.description.split("\n", 1)[0] ?? "").replace(/\s+/g, " ").trim();
      const line = `${t.server}.${t.rawName}${first === "" ? "" : ` — ${first}`}`;
      return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS - 1)}…` : line;
    })
    .sort();
  if (lines.length === 0) return "No tools can be called from code right now.";
  const shown = lines.slice(0, MAX_INDEX_LINES);
  const more = lines.length - shown.length;
  return [...shown, ...(more > 0 ? [`… ${more} more: ask for a server by name`] : [])].join("\n");
}

function ok(text: string): McpToolResult {
  return { content: [{ type: "text", text }], isError: false, text };
}
