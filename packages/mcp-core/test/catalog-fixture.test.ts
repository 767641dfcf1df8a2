import { countEvents, readLog } from "@toolnexus/fixtures";
import {
  CATALOG_SETS,
  catalogConfig,
  catalogQueries,
  catalogServer,
  catalogTools,
} from "@toolnexus/fixtures/catalog";
import { describe, expect, it } from "vitest";
import type { McpTool } from "../src/index.js";
import { tempLogFile, toolByRawName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const SCALAR_TYPES = new Set(["string", "integer", "number", "boolean", "object", "array"]);

/** Problems of one property schema: a known type, a description, arrays with typed items, enums of strings. */
function propertyProblems(name: string, schema: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!SCALAR_TYPES.has(schema.type as string)) problems.push(`${name}: type ${String(schema.type)}`);
  if (typeof schema.description !== "string" || schema.description.length < 3) {
    problems.push(`${name}: no description`);
  }
  const items = schema.items as { type?: string } | undefined;
  if (schema.type === "array" && !SCALAR_TYPES.has(items?.type ?? ""))
    problems.push(`${name}: untyped items`);
  if ("enum" in schema && !(Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string"))) {
    problems.push(`${name}: enum`);
  }
  return problems;
}

/** Problems of one listed tool, as its set's author would want them flagged. */
function toolProblems(tool: McpTool): string[] {
  const where = tool.rawName;
  const problems: string[] = [];
  if (!NAME_PATTERN.test(tool.rawName)) problems.push(`${where}: name`);
  if (tool.description.length < 10) problems.push(`${where}: description`);
  const schema = tool.inputSchema as { type?: string; properties?: Record<string, Record<string, unknown>> };
  const required = (tool.inputSchema as { required?: string[] }).required ?? [];
  if (schema.type !== "object") problems.push(`${where}: schema type`);
  const properties = schema.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    problems.push(...propertyProblems(`${where}.${name}`, property));
  }
  for (const name of required) if (!(name in properties)) problems.push(`${where}: required ${name}`);
  const hints = tool.annotations;
  if (typeof hints?.readOnlyHint !== "boolean" || typeof hints.openWorldHint !== "boolean") {
    problems.push(`${where}: annotations`);
  }
  if (hints?.readOnlyHint === true && hints.destructiveHint !== undefined) {
    problems.push(`${where}: a read-only tool with a destructive hint`);
  }
  return problems;
}

describe("catalog fixture", () => {
  it("should serve 50 well-formed tools with unique names from each of its 10 sets", {
    timeout: 20_000,
  }, async () => {
    const log = tempLogFile("catalog.log");
    const source = await sources.load(catalogConfig({ log }));

    expect(source.warnings).toEqual([]);
    expect(countEvents(log, "start")).toBe(CATALOG_SETS.length);
    for (const set of CATALOG_SETS) {
      const tools = source.tools.filter((tool) => tool.server === set);
      expect(tools.map((tool) => tool.rawName)).toEqual(catalogTools(set).map((tool) => tool.name));
      expect(new Set(tools.map((tool) => tool.rawName)).size, set).toBe(50);
      expect(tools.flatMap(toolProblems), set).toEqual([]);
    }
    expect(source.tools).toHaveLength(500);
  });

  it("should answer a call with the set, the tool name and the arguments", async () => {
    const log = tempLogFile("calendar.log");
    const source = await sources.load({ mcpServers: { calendar: catalogServer("calendar", { log }) } });

    const result = await toolByRawName(source, "reschedule-event").execute({
      eventId: "ev1",
      start: "2026-12-04T15:00:00Z",
    });

    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([
      {
        type: "text",
        text: 'calendar/reschedule-event called with {"eventId":"ev1","start":"2026-12-04T15:00:00Z"}',
      },
    ]);
    expect(readLog(log).filter((entry) => entry.event === "call")).toMatchObject([
      { tool: "reschedule-event" },
    ]);
  });

  it("should hold at least 60 distinct queries, each naming a tool its set serves", () => {
    const queries = catalogQueries();
    const known = new Set(
      CATALOG_SETS.flatMap((set) => catalogTools(set).map((tool) => `${set}/${tool.name}`)),
    );

    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(queries.map((q) => q.query.toLowerCase())).size).toBe(queries.length);
    expect(queries.filter((q) => !known.has(q.expected))).toEqual([]);
    // Every set is asked about, so recall is not one set's figure.
    expect(new Set(queries.map((q) => q.expected.split("/")[0]))).toEqual(new Set(CATALOG_SETS));
  });
});
