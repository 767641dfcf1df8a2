/**
 * Server name rules: strict (`[A-Za-z0-9_-]{1,32}`, the core's default) or any non-empty string.
 * @module
 */

/** `"strict"`: names must match `[A-Za-z0-9_-]{1,32}`; `"any"`: any non-empty string. */
export type ServerNameMode = "strict" | "any";

const STRICT_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const STRICT_EXPECTED = "expected a server name matching [A-Za-z0-9_-]{1,32}";

/** The problem with `name` under `mode`, or undefined when the name is fine. */
export function serverNameProblem(name: string, mode: ServerNameMode): string | undefined {
  if (mode === "any") return name === "" ? "expected a non-empty server name, got empty string" : undefined;
  if (STRICT_NAME.test(name)) return undefined;
  if (name === "") return `${STRICT_EXPECTED}, got empty string`;
  if (/[^A-Za-z0-9_-]/.test(name)) return `${STRICT_EXPECTED}, got a name with other characters`;
  return `${STRICT_EXPECTED}, got ${name.length} characters`;
}
