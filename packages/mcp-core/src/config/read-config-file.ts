/**
 * Reads a JSON or JSONC (comments, trailing commas) config file into a value, with errors that name
 * the path, and the line and column of a syntax error.
 * @module
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { getNodeValue, type ParseError, parseTree, printParseErrorCode } from "#jsonc-parser";
import { McpCoreError } from "../errors.js";
import { type DuplicateKey, findDuplicateKeys } from "./find-duplicate-keys.js";

/** A config file's content. */
export interface ConfigFile {
  /** Absolute path of the file. */
  path: string;
  /** The file's directory: relative `cwd` and `envFile` resolve against it. */
  baseDir: string;
  value: unknown;
  duplicateKeys: DuplicateKey[];
}

const SYNTAX_PROBLEMS: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name",
  ValueExpected: "expected a value",
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: "expected the end of the file",
  InvalidCommentToken: "invalid comment",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in a string",
};

/**
 * Reads and parses `path` (relative to the working directory).
 * @throws McpCoreError `CONFIG_NOT_FOUND` when it cannot be read, `CONFIG_PARSE` when it does not parse
 */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  const absolute = resolve(path);
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch (error) {
    throw readError(absolute, error);
  }
  // A BOM is legal in a file but not in JSON; editors on Windows add one.
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const [first] = errors;
  if (first !== undefined) {
    const { line, column } = lineAndColumn(text, first.offset);
    const name = printParseErrorCode(first.error);
    const problem = SYNTAX_PROBLEMS[name] ?? name;
    throw new McpCoreError(
      "CONFIG_PARSE",
      `Cannot parse MCP config ${JSON.stringify(absolute)}: ${problem} at line ${line}, column ${column}`,
    );
  }
  return {
    path: absolute,
    baseDir: dirname(absolute),
    value: tree === undefined ? undefined : getNodeValue(tree),
    duplicateKeys: findDuplicateKeys(tree),
  };
}

function readError(path: string, error: unknown): McpCoreError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message =
    code === "ENOENT" || code === "ENOTDIR"
      ? `MCP config file not found: ${JSON.stringify(path)}`
      : `Cannot read MCP config file ${JSON.stringify(path)}${code === undefined ? "" : ` (${code})`}`;
  return new McpCoreError("CONFIG_NOT_FOUND", message, { cause: error });
}

/** 1-based line and column (in UTF-16 code units) of `offset`; `\r\n`, `\n` and `\r` end lines. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
