/**
 * Turns zod issues into config issues with a user-facing field path and an "expected …, got …" text.
 * @module
 */
import type { z } from "zod";
import { AUTH_KEYS } from "./auth-schema.js";
import { closestKey } from "./closest-key.js";
import type { ConfigIssue } from "./config-issue.js";
import { describeConfigValue } from "./describe-value.js";

type Issue = z.core.$ZodIssue;
type Path = (string | number)[];

/**
 * Config issues for the zod issues of one server entry. A failed union is reported inside the one
 * alternative whose shape matched the value (so `["node", 5]` reports `command[1]`), else as a whole.
 */
export function zodIssuesToConfigIssues(
  server: string,
  issues: readonly Issue[],
  entry: unknown,
): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  for (const issue of issues) collect(issue, [], entry, server, out);
  return out;
}

function collect(issue: Issue, prefix: Path, entry: unknown, server: string, out: ConfigIssue[]): void {
  const path = [...prefix, ...issue.path.map((key) => (typeof key === "symbol" ? String(key) : key))];
  if (issue.code === "invalid_union") {
    const matching = issue.errors.filter((alternative) =>
      alternative.every((inner) => inner.path.length > 0),
    );
    const [only] = matching;
    if (matching.length === 1 && only !== undefined) {
      for (const inner of only) collect(inner, path, entry, server, out);
      return;
    }
  }
  if (issue.code === "unrecognized_keys") {
    // Only auth's strict objects refuse unknown keys; the key (never its value) is named.
    for (const key of issue.keys) out.push({ server, path, problem: unknownKeyProblem(key) });
    return;
  }
  const tooBig = issue.code === "too_big" && issue.origin === "number";
  // A refinement may say what it found itself (`params.got`), when the value's type is not the point.
  const stated = issue.code === "custom" ? issue.params?.got : undefined;
  const got =
    typeof stated === "string"
      ? stated
      : tooBig
        ? "a larger number"
        : describeConfigValue(valueAt(entry, path), isNumeric(issue));
  out.push({ server, path, problem: `expected ${issue.message}, got ${got}` });
}

function unknownKeyProblem(key: string): string {
  const suggestion = closestKey(key, AUTH_KEYS);
  const known = AUTH_KEYS.map((name) => JSON.stringify(name)).join(", ");
  return suggestion === undefined
    ? `unknown key ${JSON.stringify(key)} (auth keys are ${known})`
    : `unknown key ${JSON.stringify(key)} — did you mean ${JSON.stringify(suggestion)}?`;
}

function isNumeric(issue: Issue): boolean {
  if (issue.code === "invalid_type") return issue.expected === "number" || issue.expected === "int";
  return (issue.code === "too_small" || issue.code === "too_big") && issue.origin === "number";
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
