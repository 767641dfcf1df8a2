/**
 * A tool's fingerprint: SHA-256 over the canonical JSON (RFC 8785) of every field the server
 * controls that reaches the model or the host, taken from the listing as the server sent it —
 * before invisible characters are stripped, so a change made only of them is drift too.
 * @module
 */
import { createHash } from "node:crypto";
import type { Tool } from "@modelcontextprotocol/client";
import { isObject } from "../is-object.js";
import { jsonEqual } from "../json-equal.js";
import { canonicalJson } from "../tools/canonical-json.js";
import type { PinnedItem } from "./pin-entry.js";

/**
 * The pinned fields, in the order SPEC lists them. `_meta.ui` is the MCP Apps member; the rest of
 * `_meta` is left out (servers put per-listing data there, which would make every listing drift).
 */
export const PINNED_TOOL_FIELDS = [
  "name",
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
  "execution",
  "icons",
  "_meta.ui",
] as const;

/** One of {@link PINNED_TOOL_FIELDS}. */
export type PinnedToolField = (typeof PINNED_TOOL_FIELDS)[number];

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function fieldValue(tool: Tool, field: PinnedToolField): unknown {
  if (field !== "_meta.ui") return (tool as Record<string, unknown>)[field];
  const meta = (tool as { _meta?: unknown })._meta;
  return isObject(meta) ? meta.ui : undefined;
}

/**
 * The fingerprint's input: the tool's pinned members as listed (an absent or `undefined` one left
 * out), with `_meta` reduced to `{ ui }` when the tool has `_meta.ui`.
 */
export function fingerprintInput(tool: Tool): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of PINNED_TOOL_FIELDS) {
    const value = fieldValue(tool, field);
    if (value === undefined) continue;
    if (field === "_meta.ui") input._meta = { ui: value };
    else input[field] = value;
  }
  return input;
}

/** SHA-256 (lowercase hex) of the JCS text of {@link fingerprintInput}. */
export function toolFingerprint(tool: Tool): string {
  return sha256(canonicalJson(fingerprintInput(tool)));
}

/**
 * The tool as a pin: its fingerprint and each present field's own hash. Each field is written once:
 * the fingerprint's text is put together from the fields' JCS texts (members in code-unit order,
 * `_meta` as `{"ui":…}`), which is the JCS text of {@link fingerprintInput} (the vectors check it).
 */
export function pinTool(tool: Tool, pinnedAt: string): PinnedItem {
  const fields: Record<string, string> = {};
  const members: [string, string][] = [];
  for (const field of PINNED_TOOL_FIELDS) {
    const value = fieldValue(tool, field);
    if (value === undefined) continue;
    const text = canonicalJson(value);
    fields[field] = sha256(text);
    members.push(field === "_meta.ui" ? ["_meta", `{"ui":${text}}`] : [field, text]);
  }
  members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const whole = `{${members.map(([name, text]) => `${JSON.stringify(name)}:${text}`).join(",")}}`;
  return { kind: "tool", name: tool.name, fingerprint: sha256(whole), fields, pinnedAt };
}

/**
 * Whether two tools have the same pinned fields as JSON (so the same fingerprint and field hashes),
 * compared in place: no text is made. False may still mean the same fingerprint (a value JSON
 * writes alike, e.g. `NaN` and `null`); it only costs a fingerprint then.
 */
export function samePinnedFields(a: Tool, b: Tool): boolean {
  if (a === b) return true;
  for (const field of PINNED_TOOL_FIELDS)
    if (!jsonEqual(fieldValue(a, field), fieldValue(b, field))) return false;
  return true;
}

/**
 * Any other item as a pin (an MCP Apps resource: its fields as the host receives them, e.g. the
 * HTML, its CSP and permissions): the fingerprint over the JCS text of `fields`, and each one's hash.
 */
export function pinItem(
  kind: PinnedItem["kind"],
  name: string,
  fields: Record<string, unknown>,
  pinnedAt: string,
): PinnedItem {
  const hashes: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) hashes[field] = sha256(canonicalJson(value));
  }
  return { kind, name, fingerprint: sha256(canonicalJson(fields)), fields: hashes, pinnedAt };
}

/** The fields whose hash differs between two pins of one item (present in one only counts). */
export function changedFields(before: PinnedItem, after: PinnedItem): string[] {
  const names = new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]);
  return [...names].filter((name) => before.fields[name] !== after.fields[name]).sort();
}
