/**
 * The three listings of a server's catalog — resources, resource templates, prompts — as
 * `listPaged` kinds: each item validated against the spec's schema, bounded (a URI longer than
 * `MAX_URI_CHARS` is dropped, texts cut to `MAX_CATALOG_TEXT_CHARS`), copied to the public shape
 * with only the known fields, and at most `MAX_CATALOG_ITEMS` kept per server and kind.
 * @module
 */
import { specTypeSchemas } from "@modelcontextprotocol/client";
import { boundedText } from "../bounded-text.js";
import { MAX_TOOL_DEPTH, nestsDeeperThan } from "../tools/json-depth.js";
import { issueReason } from "../tools/list-tools.js";
import type { PagedKind } from "../tools/paged-list.js";
import type { McpPrompt, McpPromptArgument, McpResource, McpResourceTemplate } from "../types.js";

import { MAX_CATALOG_ITEMS, MAX_CATALOG_TEXT_CHARS, MAX_URI_CHARS } from "./catalog-limits.js";

export { MAX_CATALOG_ITEMS, MAX_CATALOG_TEXT_CHARS, MAX_URI_CHARS };

/** Arguments of one prompt kept at most. */
const MAX_PROMPT_ARGUMENTS = 100;

type Validator = (typeof specTypeSchemas)["Resource"];

/** The item as the spec's schema reads it, or why it is dropped. */
function validated(schema: Validator, value: unknown, what: string, uriKey?: string) {
  if (nestsDeeperThan(value, MAX_TOOL_DEPTH)) return { reason: `nests deeper than ${MAX_TOOL_DEPTH} levels` };
  const parsed = schema["~standard"].validate(value);
  if ("then" in parsed) return { reason: "asynchronous schema" };
  if (parsed.issues) return { reason: issueReason(parsed.issues, what) };
  const item = parsed.value as Record<string, unknown>;
  const uri = uriKey ? item[uriKey] : undefined;
  if (typeof uri === "string" && uri.length > MAX_URI_CHARS) {
    return { reason: `${uriKey} is longer than ${MAX_URI_CHARS} characters` };
  }
  return { value: item };
}

/** The known optional fields of `source`, texts bounded; absent ones stay absent. */
function optionalFields(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = source[key];
    if (value === undefined) continue;
    out[key] = typeof value === "string" ? boundedText(value, MAX_CATALOG_TEXT_CHARS) : value;
  }
  return out;
}

const text = (value: unknown) => boundedText(String(value), MAX_CATALOG_TEXT_CHARS);

/** What tells one catalog kind from another; the rest (drop duplicates, bounded count) is shared. */
interface CatalogKindSpec<T> {
  method: string;
  key: string;
  noun: string;
  /** The spec's schema of one item, its name in a reason, and the key bounded as a URI. */
  schema: Validator;
  what: string;
  idKey: string;
  /** The public item from the validated one: only the known fields, texts bounded. */
  build(item: Record<string, unknown>): T;
  idOf(item: T): string;
}

function catalogKind<T>(spec: CatalogKindSpec<T>): PagedKind<T> {
  const { method, key, noun, schema, what, idKey, build, idOf } = spec;
  return {
    method,
    key,
    noun,
    check(value) {
      const checked = validated(schema, value, what, idKey);
      return checked.value ? { item: build(checked.value) } : { reason: checked.reason };
    },
    idOf,
    duplicates: "drop",
    maxItems: MAX_CATALOG_ITEMS,
  };
}

function promptArguments(value: unknown): McpPromptArgument[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return (value as Record<string, unknown>[])
    .slice(0, MAX_PROMPT_ARGUMENTS)
    .map(
      (arg) =>
        ({ name: text(arg.name), ...optionalFields(arg, ["description", "required"]) }) as McpPromptArgument,
    );
}

/** The resources kind, items without `server` (the catalog adds it). */
export const RESOURCES: PagedKind<Omit<McpResource, "server">> = catalogKind({
  method: "resources/list",
  key: "resources",
  noun: "resources",
  schema: specTypeSchemas.Resource,
  what: "resource",
  idKey: "uri",
  build: (item) => ({
    uri: String(item.uri),
    name: text(item.name),
    ...optionalFields(item, ["title", "description", "mimeType", "size", "annotations"]),
  }),
  idOf: (item) => item.uri,
});

/** The resource templates kind. */
export const RESOURCE_TEMPLATES: PagedKind<Omit<McpResourceTemplate, "server">> = catalogKind({
  method: "resources/templates/list",
  key: "resourceTemplates",
  noun: "resource templates",
  schema: specTypeSchemas.ResourceTemplate as unknown as Validator,
  what: "resource template",
  idKey: "uriTemplate",
  build: (item) => ({
    uriTemplate: String(item.uriTemplate),
    name: text(item.name),
    ...optionalFields(item, ["title", "description", "mimeType", "annotations"]),
  }),
  idOf: (item) => item.uriTemplate,
});

/** The prompts kind. */
export const PROMPTS: PagedKind<Omit<McpPrompt, "server">> = catalogKind({
  method: "prompts/list",
  key: "prompts",
  noun: "prompts",
  schema: specTypeSchemas.Prompt as unknown as Validator,
  what: "prompt",
  idKey: "name",
  build: (item) => {
    const args = promptArguments(item.arguments);
    return {
      name: String(item.name),
      ...optionalFields(item, ["title", "description"]),
      ...(args ? { arguments: args } : {}),
    };
  },
  idOf: (item) => item.name,
});
