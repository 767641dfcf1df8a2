/**
 * VS Code's variables in a `.vscode/mcp.json`: `${workspaceFolder}`, `${workspaceFolderBasename}`,
 * `${userHome}`, `${pathSeparator}` (`${/}`) and `${env:NAME}`, expanded in every string of a server
 * entry. `${input:…}` (a prompt only VS Code can show) and the other kinds (`${command:…}`,
 * `${config:…}`) are problems named with their server and field. The core expands `${NAME}` itself
 * in `env`, `environment`, `headers` and `auth` values; there `${env:NAME}` becomes `${NAME}`, so a
 * value is expanded once and an unset name reads as the core says it.
 * @module
 */
import { basename, dirname, sep } from "node:path";

/** What the variables stand for. */
export interface VsCodeContext {
  /** The folder holding `.vscode`. */
  workspaceFolder: string;
  userHome: string;
  env: Record<string, string | undefined>;
}

/** An entry with its variables expanded, or the problems (one line each) that prevent it. */
export type ExpandedEntry = { entry: unknown; problems: [] } | { entry?: undefined; problems: string[] };

/** `${…}`: VS Code's syntax (anything but a closing brace inside). */
const VARIABLE = /\$\{([^}]*)\}/g;

/** Fields whose values the core expands `${NAME}` in itself. */
const CORE_EXPANDED = new Set(["env", "environment", "headers", "auth"]);

const SUPPORTED = ["workspaceFolder", "workspaceFolderBasename", "userHome", "pathSeparator", "env:NAME"]
  .map((name) => `\${${name}}`)
  .join(", ");

/** The workspace folder of a VS Code workspace config (`<folder>/.vscode/mcp.json`), else undefined. */
export function vsCodeWorkspaceOf(path: string): string | undefined {
  const folder = dirname(path);
  return basename(path) === "mcp.json" && basename(folder) === ".vscode" ? dirname(folder) : undefined;
}

/** `args[1]`, `env.TOKEN`, `headers["X-Key"]`: a field as a person would write it. */
function fieldName(path: readonly (string | number)[]): string {
  return path
    .map((segment, i) => {
      if (typeof segment === "number") return `[${segment}]`;
      if (!/^[A-Za-z0-9_-]+$/.test(segment)) return `[${JSON.stringify(segment)}]`;
      return i === 0 ? segment : `.${segment}`;
    })
    .join("");
}

/** Config text in a message: control characters out (the author wrote it, a terminal shows it). */
function shown(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/** Expands the variables of one string; `coreExpands` leaves `${env:NAME}` to the core as `${NAME}`. */
function expandString(
  text: string,
  context: VsCodeContext,
  coreExpands: boolean,
  problem: (message: string) => void,
): string {
  return text.replace(VARIABLE, (whole, inner: string) => {
    const fixed: Record<string, string> = {
      workspaceFolder: context.workspaceFolder,
      workspaceFolderBasename: basename(context.workspaceFolder),
      userHome: context.userHome,
      pathSeparator: sep,
      "/": sep,
    };
    if (Object.hasOwn(fixed, inner)) return fixed[inner] as string;
    const colon = inner.indexOf(":");
    if (colon === -1) return whole; // `${NAME}`: the core's own syntax, where it has one
    const [kind, name] = [inner.slice(0, colon), inner.slice(colon + 1)];
    if (kind === "env" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      if (typeof context.env[name] !== "string") {
        problem(`\${env:${name}} is not set in the environment`);
        return whole;
      }
      return coreExpands ? `\${${name}}` : (context.env[name] as string);
    }
    if (kind === "input") {
      problem(
        `\${input:${shown(name)}} is a VS Code input, which only VS Code can prompt for: set an environment variable and write \${env:NAME} instead`,
      );
    } else {
      problem(`\${${shown(inner)}} is not a variable the CLI expands (it expands ${SUPPORTED})`);
    }
    return whole;
  });
}

/** Expands every string of a server entry (keys stay as written). */
export function expandEntry(server: string, entry: unknown, context: VsCodeContext): ExpandedEntry {
  const problems: string[] = [];
  const walk = (value: unknown, path: (string | number)[]): unknown => {
    if (typeof value === "string") {
      const coreExpands = CORE_EXPANDED.has(String(path[0])) && path.length === 2;
      return expandString(value, context, coreExpands, (message) =>
        problems.push(`server ${JSON.stringify(server)}, field "${fieldName(path)}": ${message}`),
      );
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i]));
    if (typeof value === "object" && value !== null) {
      // No prototype: a `__proto__` key stays a key, as in the parsed file.
      const copy: Record<string, unknown> = Object.create(null);
      for (const [key, item] of Object.entries(value)) copy[key] = walk(item, [...path, key]);
      return copy;
    }
    return value;
  };
  const expanded = walk(entry, []);
  return problems.length === 0 ? { entry: expanded, problems: [] } : { problems };
}
