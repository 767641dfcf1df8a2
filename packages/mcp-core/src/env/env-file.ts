/**
 * dotenv files for stdio servers (`envFile`). Supported: `KEY=value`, `export KEY=value`, blank lines,
 * `#` comment lines, single-quoted (literal) and double-quoted values (`\n`, `\r`, `\t`, `\"`, `\\`
 * escapes), unquoted values trimmed with an inline ` #` comment stripped. Later lines win.
 * Not supported: multi-line values, backtick quotes, `${VAR}` expansion inside the file.
 * @module
 */
import { readFile } from "node:fs/promises";
import { McpCoreError } from "../errors.js";

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/;
const AFTER_QUOTE = /^\s*(?:#.*)?$/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

/** Where the text came from, for error messages. */
export interface EnvFileSource {
  server: string;
  path: string;
}

/**
 * Reads and parses a dotenv file. The caller resolves a relative `path` (e.g. against the config file's
 * directory); this function reads it as given.
 * @param path The file to read.
 * @param server The server it belongs to, named in errors.
 * @returns The entries, in no meaningful order.
 * @throws {McpCoreError} `ENV_INVALID` when the file is missing or unreadable (naming server and path),
 *   or a line does not parse (naming server, path and line number, never the line's content).
 */
export async function parseEnvFile(path: string, server: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "not found" : `cannot be read (${code ?? "unknown error"})`;
    throw new McpCoreError("ENV_INVALID", `MCP server "${server}": envFile ${path} ${reason}`, {
      server,
      cause: error,
    });
  }
  return parseEnvText(text, { server, path });
}

/**
 * Parses dotenv text (see the module doc for the syntax).
 * @param text The file's content.
 * @param source Server and path, named in errors.
 * @returns The entries; a key that appears twice keeps its last value.
 * @throws {McpCoreError} `ENV_INVALID` naming server, path and line number of the first bad line.
 */
export function parseEnvText(text: string, source: EnvFileSource): Record<string, string> {
  // A Map, then fromEntries: a key such as `__proto__` must become a data property, not a prototype.
  const entries = new Map<string, string>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n?|\n/);
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const match = ASSIGNMENT.exec(line);
    const value = match === null ? undefined : parseValue(match[2] ?? "");
    // A NUL would make spawn throw an error quoting the value: refused here, naming only the line.
    if (match === null || value === undefined || value.includes("\0")) {
      throw new McpCoreError(
        "ENV_INVALID",
        `MCP server "${source.server}": envFile ${source.path} line ${index + 1} is not a valid KEY=value line${value?.includes("\0") ? " (it holds a NUL character)" : ""}`,
        { server: source.server },
      );
    }
    entries.set(match[1] ?? "", value);
  });
  return Object.fromEntries(entries);
}

/** The value after `=`, or undefined when it does not parse (unterminated quote, text after the quote). */
function parseValue(raw: string): string | undefined {
  const rest = raw.trimStart();
  if (rest.startsWith("'")) {
    const end = rest.indexOf("'", 1);
    if (end < 0 || !AFTER_QUOTE.test(rest.slice(end + 1))) return undefined;
    return rest.slice(1, end);
  }
  if (rest.startsWith('"')) return parseDoubleQuoted(rest);
  const comment = raw.search(/\s#/);
  return (comment < 0 ? raw : raw.slice(0, comment)).trim();
}

/** A `"…"` value with escapes; an unknown escape keeps its backslash. */
function parseDoubleQuoted(rest: string): string | undefined {
  let value = "";
  for (let i = 1; i < rest.length; i++) {
    const char = rest[i] as string;
    if (char === '"') return AFTER_QUOTE.test(rest.slice(i + 1)) ? value : undefined;
    if (char === "\\" && i + 1 < rest.length) {
      const next = rest[++i] as string;
      value += ESCAPES[next] ?? `\\${next}`;
    } else {
      value += char;
    }
  }
  return undefined;
}
