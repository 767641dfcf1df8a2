/**
 * Keys of a server entry that no dialect defines: ignored with a warning that suggests the known key
 * each one is likely a typo of.
 * @module
 */
import { closestKey } from "./closest-key.js";
import type { ConfigIssue } from "./config-issue.js";
import { isPlainObject } from "./describe-value.js";
import { autoRestartSchema, healthCheckSchema, serverEntrySchema } from "./server-entry-schema.js";

/** One unknown key (`autoRestart.x` inside a nested object) and the known key it is closest to. */
export interface UnknownKey {
  key: string;
  suggestion?: string;
}

const ENTRY_KEYS: readonly string[] = Object.keys(serverEntrySchema.shape);
const NESTED_KEYS = [
  ["autoRestart", Object.keys(autoRestartSchema.shape)],
  ["healthCheck", Object.keys(healthCheckSchema.shape)],
] as const;

/** The entry's unknown keys, in entry order, each with a suggestion when one is close enough. */
export function unknownKeys(entry: Record<string, unknown>): UnknownKey[] {
  const out = unknownIn(entry, ENTRY_KEYS, "");
  for (const [key, known] of NESTED_KEYS) {
    const value = entry[key];
    if (isPlainObject(value)) out.push(...unknownIn(value, known, `${key}.`));
  }
  return out;
}

function unknownIn(object: Record<string, unknown>, known: readonly string[], prefix: string): UnknownKey[] {
  return Object.keys(object)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const suggestion = closestKey(key, known);
      return suggestion === undefined
        ? { key: `${prefix}${key}` }
        : { key: `${prefix}${key}`, suggestion: `${prefix}${suggestion}` };
    });
}

/** `MCP server "x": ignoring unknown keys "argz" (did you mean "args"?), "gallery"`. */
export function unknownKeysWarning(server: string, keys: readonly UnknownKey[]): string {
  const listed = keys.map(({ key, suggestion }) =>
    suggestion === undefined
      ? JSON.stringify(key)
      : `${JSON.stringify(key)} (did you mean ${JSON.stringify(suggestion)}?)`,
  );
  return `MCP server "${server}": ignoring unknown ${keys.length === 1 ? "key" : "keys"} ${listed.join(", ")}`;
}

/**
 * The likely typos among the unknown keys as config problems, for an entry that is invalid anyway:
 * `comand` is then the cause of "expected command or url", and a warning would never be seen.
 */
export function typoIssues(server: string, keys: readonly UnknownKey[]): ConfigIssue[] {
  return keys.flatMap(({ key, suggestion }) =>
    suggestion === undefined
      ? []
      : [
          {
            server,
            problem: `unknown key ${JSON.stringify(key)} — did you mean ${JSON.stringify(suggestion)}?`,
          },
        ],
  );
}
