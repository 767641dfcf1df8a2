/**
 * Finds the server entries of a config object: under the wrapper keys `mcpServers`, `servers` and
 * `mcp` (merged), or, when none is present, the object itself as a map of name → entry.
 * @module
 */
import type { ConfigIssue } from "./config-issue.js";
import { describeValue, isPlainObject } from "./describe-value.js";
import type { DuplicateKey } from "./find-duplicate-keys.js";

/** Keys whose value is a map of server name → entry (Claude/Cursor, VS Code, opencode/toolnexus). */
export const WRAPPER_KEYS: readonly string[] = ["mcpServers", "servers", "mcp"];

/** One server entry as found, not yet validated. */
export interface ConfigEntry {
  name: string;
  entry: unknown;
}

/**
 * The entries in config order, and the problems of the config's outer structure (not an object,
 * a wrapper that is not an object, a server name defined more than once).
 * @param duplicateKeys keys a file repeats, which the parsed value no longer shows
 */
export function collectEntries(
  root: unknown,
  duplicateKeys: readonly DuplicateKey[] = [],
): { entries: ConfigEntry[]; issues: ConfigIssue[] } {
  if (!isPlainObject(root)) {
    return {
      entries: [],
      issues: [{ problem: `expected an object at the top level, got ${describeValue(root)}` }],
    };
  }
  const entries: ConfigEntry[] = [];
  const issues: ConfigIssue[] = [];
  const places = new Map<string, (string | null)[]>();
  const add = (name: string, container: string | null, times: number) => {
    const list = places.get(name) ?? [];
    for (let i = 0; i < times; i++) list.push(container);
    places.set(name, list);
  };
  const repeats = (parent: string | null, key: string) =>
    duplicateKeys.find((dup) => dup.parent === parent && dup.key === key)?.count ?? 1;

  const wrappers = Object.keys(root).filter((key) => WRAPPER_KEYS.includes(key));
  if (wrappers.length === 0) {
    for (const [name, entry] of Object.entries(root)) {
      // A bare map may still carry the editor's schema reference; it is not a server.
      if (name === "$schema") continue;
      entries.push({ name, entry });
      add(name, null, repeats(null, name));
    }
  }
  for (const wrapper of wrappers) {
    if (repeats(null, wrapper) > 1) {
      issues.push({ path: [wrapper], problem: "duplicate key at the top level" });
    }
    const map = root[wrapper];
    if (!isPlainObject(map)) {
      issues.push({ path: [wrapper], problem: `expected an object of servers, got ${describeValue(map)}` });
      continue;
    }
    for (const [name, entry] of Object.entries(map)) {
      entries.push({ name, entry });
      add(name, wrapper, repeats(wrapper, name));
    }
  }
  for (const [name, containers] of places) {
    if (containers.length > 1) issues.push({ server: name, problem: duplicateProblem(containers) });
  }
  return { entries, issues };
}

function duplicateProblem(containers: readonly (string | null)[]): string {
  const distinct = [...new Set(containers)];
  if (distinct.length > 1) {
    const labels = distinct.map((container) => JSON.stringify(container));
    return `duplicate server name (in ${labels.slice(0, -1).join(", ")} and ${labels.at(-1)})`;
  }
  const times = containers.length === 2 ? "twice" : `${containers.length} times`;
  const [container] = distinct;
  const where = typeof container === "string" ? `in ${JSON.stringify(container)}` : "at the top level";
  return `duplicate server name (${times} ${where})`;
}
