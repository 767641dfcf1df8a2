import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  LOAD_OPTION_DEFAULTS,
  type McpServerEntryOptions,
  parseConfig,
  SERVER_ENTRY_DEFAULTS,
} from "../src/config-entry.js";
import type { LoadMcpOptions } from "../src/index.js";
import {
  LOAD_OPTIONS_WITHOUT_FIXED_DEFAULT,
  type LoadOptionDefaults,
} from "../src/options/load-option-defaults.js";
import { resolveLoadOptions } from "../src/options/resolve-load-options.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const optionsSource = readFileSync(new URL("../src/options.ts", import.meta.url), "utf8");
const serverConfigSource = readFileSync(new URL("../src/config/server-config.ts", import.meta.url), "utf8");
const configInputSource = readFileSync(new URL("../src/config/mcp-config-input.ts", import.meta.url), "utf8");
const spec = readFileSync(new URL("../../../SPEC.md", import.meta.url), "utf8");

// Every option is either in the constant or listed as having no fixed default: a new option that is
// neither does not compile, and neither does a listed name that is no option.
type Listed = keyof LoadOptionDefaults | (typeof LOAD_OPTIONS_WITHOUT_FIXED_DEFAULT)[number];
const unlisted: Record<Exclude<keyof LoadMcpOptions, Listed>, never> = {};
const unknown: Record<Exclude<Listed, keyof LoadMcpOptions>, never> = {};

/** The rows of the markdown table under `heading`: option name → cells after the first. */
function tableUnder(markdown: string, heading: string): Map<string, string[]> {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, `the heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const lines = markdown.slice(start + heading.length + 2).split("\n");
  const table = lines.slice(lines.findIndex((l) => l.startsWith("|")));
  const rows = table.slice(
    0,
    table.findIndex((l) => !l.startsWith("|")),
  );
  const cells = rows.slice(2).map((row) =>
    row
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
  return new Map(cells.map(([option = "", ...rest]) => [option.replace(/^`|`$/g, ""), rest]));
}

/** The inline code spans of a markdown cell, in order. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1] ?? "");
}

/**
 * How a default reads in the docs: a literal as JSON; a policy (`autoRestart`, `healthCheck`) as its
 * `enabled` literal followed by `field: value` for each other field.
 */
function documented(value: unknown): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [JSON.stringify(value)];
  const { enabled, ...fields } = value as Record<string, unknown>;
  return [JSON.stringify(enabled), ...Object.entries(fields).map(([k, v]) => `${k}: ${JSON.stringify(v)}`)];
}

/** The `@default` text of each field's JSDoc in a TypeScript source: field name → text. */
function jsdocDefaults(source: string): Map<string, string> {
  const fields = source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(\w+)\?:/g);
  return new Map(
    [...fields].flatMap(([, doc = "", name = ""]) => {
      const found = /@default\s+(\S+)/.exec(doc);
      return found?.[1] === undefined ? [] : [[name, found[1]]];
    }),
  );
}

describe("option defaults", () => {
  const table = tableUnder(readme, "### Load options");

  it("should list every option in the README's options table, and nothing else", () => {
    expect(unlisted).toStrictEqual({});
    expect(unknown).toStrictEqual({});
    const expected = [...Object.keys(LOAD_OPTION_DEFAULTS), ...LOAD_OPTIONS_WITHOUT_FIXED_DEFAULT];
    expect([...table.keys()].sort()).toStrictEqual(expected.sort());
  });

  it.each(Object.entries(LOAD_OPTION_DEFAULTS))(
    "should state the default of %s in the README as LOAD_OPTION_DEFAULTS has it",
    (option, value) => {
      const spans = codeSpans(table.get(option)?.[0] ?? "");
      const [literal, ...fields] = documented(value);
      expect(spans[0], `the first code span of ${option}'s default cell`).toBe(literal);
      expect(spans.slice(1).sort()).toStrictEqual(fields.sort());
    },
  );

  it.each(Object.entries(LOAD_OPTION_DEFAULTS))(
    "should state the default of %s in its JSDoc as LOAD_OPTION_DEFAULTS has it",
    (option, value) => {
      expect(jsdocDefaults(optionsSource).get(option)).toBe(documented(value)[0]);
    },
  );

  it.each(["autoRestart", "healthCheck"] as const)(
    "should state the defaults of %s's fields in their JSDoc as LOAD_OPTION_DEFAULTS has them",
    (policy) => {
      const { enabled, ...fields } = LOAD_OPTION_DEFAULTS[policy];
      const documentedFields = jsdocDefaults(serverConfigSource);
      for (const [field, value] of Object.entries(fields)) {
        expect(documentedFields.get(field), `${policy}.${field}`).toBe(JSON.stringify(value));
      }
      expect(typeof enabled).toBe("boolean");
    },
  );

  it("should resolve absent and undefined options to LOAD_OPTION_DEFAULTS", () => {
    const allUndefined = Object.fromEntries(
      [...table.keys()].filter((k) => k !== "toolCache").map((k) => [k, undefined]),
    );
    for (const given of [{ toolCache: null }, { ...allUndefined, toolCache: null }]) {
      const resolved = resolveLoadOptions(given);
      const { naming, ...fixed } = LOAD_OPTION_DEFAULTS;
      expect(resolved).toMatchObject(fixed);
      expect(resolved.naming("files", "read")).toBe(`mcp__files__read`);
      expect(naming).toBe("namespaced");
      expect(resolved.env).toBe(process.env);
      expect(resolved.toolCache).toBeUndefined();
    }
  });

  it("should merge a policy object over the defaults field by field", () => {
    const resolved = resolveLoadOptions({
      toolCache: null,
      autoRestart: { maxRetries: 3, initialDelayMs: undefined },
      healthCheck: {},
    });

    expect(resolved.autoRestart).toStrictEqual({ ...LOAD_OPTION_DEFAULTS.autoRestart, maxRetries: 3 });
    expect(resolved.healthCheck).toStrictEqual({ ...LOAD_OPTION_DEFAULTS.healthCheck, enabled: true });
  });

  it("should read a server entry key given as undefined as an absent one", async () => {
    const keys = ["timeout", "lazy", "autoRestart", "healthCheck", "tools"] as const;
    const entry: Pick<McpServerEntryOptions, (typeof keys)[number]> = Object.fromEntries(
      keys.map((key) => [key, undefined]),
    );
    const withUndefined = await parseConfig({ mcpServers: { s: { command: "node", ...entry } } });
    const without = await parseConfig({ mcpServers: { s: { command: "node" } } });

    expect(withUndefined).toStrictEqual(without);
    expect(without.servers[0]?.timeoutMs).toBe(SERVER_ENTRY_DEFAULTS.timeout);
  });

  it("should state a server entry's timeout default as SERVER_ENTRY_DEFAULTS has it", () => {
    const { timeout } = SERVER_ENTRY_DEFAULTS;
    expect(jsdocDefaults(configInputSource).get("timeout")).toBe(String(timeout));
    const specRow = spec.split("\n").find((line) => line.startsWith("| `timeout` "));
    expect(specRow).toContain(`default ${timeout}`);
  });
});
