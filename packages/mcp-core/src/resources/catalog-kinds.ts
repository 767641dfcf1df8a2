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

/** The resources kind, items without `server` (the catalog adds it). */
export const RESOURCES: PagedKind<Omit<McpResource, "server">> = {
  method: "resources/list",
  key: "resources",
  noun: "resources",
  check(value) {
    const checked = validated(specTypeSchemas.Resource, value, "resource", "uri");
    if (!checked.value) return { reason: checked.reason };
    const item = checked.value;
    const fields = optionalFields(item, ["title", "description", "mimeType", "size", "annotations"]);
    return { item: { uri: String(item.uri), name: text(item.name), ...fields } };
  },
  idOf: (item) => item.uri,
  duplicates: "drop",
  maxItems: MAX_CATALOG_ITEMS,
};

/** The resource templates kind. */
export const RESOURCE_TEMPLATES: PagedKind<Omit<McpResourceTemplate, "server">> = {
  method: "resources/templates/list",
  key: "resourceTemplates",
  noun: "resource templates",
  check(value) {
    const checked = validated(
      specTypeSchemas.ResourceTemplate as unknown as Validator,
      value,
      "resource template",
      "uriTemplate",
    );
    if (!checked.value) return { reason: checked.reason };
    const item = checked.value;
    const fields = optionalFields(item, ["title", "description", "mimeType", "annotations"]);
    return { item: { uriTemplate: String(item.uriTemplate), name: text(item.name), ...fields } };
  },
  idOf: (item) => item.uriTemplate,
  duplicates: "drop",
  maxItems: MAX_CATALOG_ITEMS,
};

/** The prompts kind. */
export const PROMPTS: PagedKind<Omit<McpPrompt, "server">> = {
  method: "prompts/list",
  key: "prompts",
  noun: "prompts",
  check(value) {
    const checked = validated(specTypeSchemas.Prompt as unknown as Validator, value, "prompt", "name");
    if (!checked.value) return { reason: checked.reason };
    const item = checked.value;
    const fields = optionalFields(item, ["title", "description"]);
    const args = Array.isArray(item.arguments)
      ? (item.arguments as Record<string, unknown>[]).slice(0, MAX_PROMPT_ARGUMENTS).map(
          (arg) =>
            ({
              name: text(arg.name),
              ...optionalFields(arg, ["description", "required"]),
            }) as McpPromptArgument,
        )
      : undefined;
    return { item: { name: String(item.name), ...fields, ...(args ? { arguments: args } : {}) } };
  },
  idOf: (item) => item.name,
  duplicates: "drop",
  maxItems: MAX_CATALOG_ITEMS,
};
