/**
 * `${NAME}` expansion for explicit env values and HTTP header values.
 * @module
 */
import { McpCoreError } from "../errors.js";

/** What to do with a `${NAME}` whose variable is not set: throw `ENV_INVALID`, or substitute `""`. */
export type MissingVarPolicy = "error" | "empty";

/** Where a value comes from, for error messages: the server and the field (`env.TOKEN`, `headers.Authorization`). */
export interface ExpandContext {
  server: string;
  field: string;
}

const VAR_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces every `${NAME}` (`NAME` = `[A-Za-z_][A-Za-z0-9_]*`) in `value` with `parentEnv[NAME]`.
 * One pass: substituted text is not scanned again. `$NAME` without braces and `${` not followed by a
 * valid name and `}` stay literal. Only string values count as set.
 * @param value The text to expand.
 * @param parentEnv Where names are looked up.
 * @param onMissing `"error"` throws, `"empty"` substitutes `""`.
 * @param context Server and field, named in the error.
 * @returns The expanded text.
 * @throws {McpCoreError} `ENV_INVALID` naming the server, the field and the variable (never a value).
 */
export function expandVars(
  value: string,
  parentEnv: Record<string, string | undefined>,
  onMissing: MissingVarPolicy,
  context: ExpandContext,
): string {
  return value.replace(VAR_REF, (_match, name: string) => {
    // typeof, not `in`: `constructor` or `__proto__` must not count as set.
    const found = parentEnv[name];
    if (typeof found === "string") return found;
    if (onMissing === "empty") return "";
    throw new McpCoreError(
      "ENV_INVALID",
      `MCP server "${context.server}": ${context.field} references \${${name}}, which is not set in the parent environment`,
      { server: context.server },
    );
  });
}

/**
 * The names `value` references as `${NAME}`, in order (repeats kept).
 * @param value A raw env or header value.
 */
export function referencedNames(value: string): string[] {
  return [...value.matchAll(VAR_REF)].map((match) => match[1] as string);
}
