/**
 * Finds the server entries of a config object: under the wrapper keys `mcpServers`, `servers` and
 * `mcp` (merged), or, when none is present, the object itself as a map of name → entry.
 * @module
 */
import type { ConfigIssue } from "./config-issue.js";
import { describeConfigValue, isPlainObject } from "./describe-value.js";
import type { DuplicateKey } from "./find-duplicate-keys.js";
import { misspelledWrapper } from "./wrapper-typo.js";

/** Keys whose value is a map of server name → entry (Claude/Cursor, VS Code, opencode/toolnexus). */
export const WRAPPER_KEYS: readonly string[] = ["mcpServers", "servers", "mcp"];

/** One server entry as found, not yet validated. */
export interface ConfigEntry {
  name: string;
  entry: unknown;
}

/**
 * The entries in config order, the problems of the config's outer structure (not an object, a wrapper
 * that is not an object, a server name defined more than once, a misspelled wrapper read as a server),
 * and warnings (a misspelled wrapper ignored beside a real one).
 * @param duplicateKeys keys a file repeats, which the parsed value no longer shows
 */
export function collectEntries(
  root: unknown,
  duplicateKeys: readonly DuplicateKey[] = [],
): { entries: ConfigEntry[]; issues: ConfigIssue[]; warnings: string[] } {
  if (!isPlainObject(root)) {
    return {
      entries: [],
      issues: [{ problem: `expected an object at the top level, got ${describeConfigValue(root)}` }],
      warnings: [],
    };
  }
  const entries: ConfigEntry[] = [];
  const issues: ConfigIssue[] = [];
  const warnings: string[] = [];
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
      const wrapper = misspelledWrapper(name, entry, WRAPPER_KEYS);
      if (wrapper !== undefined) {
        issues.push({ server: name, problem: misspelledWrapperProblem(wrapper) });
        continue;
      }
      entries.push({ name, entry });
      add(name, null, repeats(null, name));
    }
  }
  // Beside a real wrapper, other top-level keys are ignored; one that looks like a wrapper is said so.
  const others = wrappers.length === 0 ? [] : Object.keys(root).filter((key) => !WRAPPER_KEYS.includes(key));
  for (const key of others) {
    const wrapper = misspelledWrapper(key, root[key], WRAPPER_KEYS);
    if (wrapper === undefined) continue;
    const [quotedKey, quotedWrapper] = [JSON.stringify(key), JSON.stringify(wrapper)];
    warnings.push(
      `Ignoring top-level key ${quotedKey}, a map of server entries — did you mean ${quotedWrapper}?`,
    );
  }
  for (const wrapper of wrappers) {
    if (repeats(null, wrapper) > 1) {
      issues.push({ path: [wrapper], problem: "duplicate key at the top level" });
    }
    const map = root[wrapper];
    if (!isPlainObject(map)) {
      issues.push({
        path: [wrapper],
        problem: `expected an object of servers, got ${describeConfigValue(map)}`,
      });
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
  return { entries, issues, warnings };
}

function misspelledWrapperProblem(wrapper: string): string {
  return `expected a server entry ("command" or "url"), got a map of server entries — did you mean the wrapper key ${JSON.stringify(wrapper)}?`;
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
