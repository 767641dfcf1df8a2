/**
 * Terminal output: 80 columns, cut with an ellipsis (never wrapped); no control character a server
 * or an authorization server sent reaches the terminal raw; colour only on a TTY without
 * `NO_COLOR` / `--no-color`.
 * @module
 */
import { randomBytes } from "node:crypto";
import { escapeControls, oneLine } from "./terminal-text.js";

export { escapeControls, oneLine } from "./terminal-text.js";

/** The width every line is cut to. */
export const COLUMNS = 80;

/** Where a command writes, and how. */
export interface Output {
  /** One line (or several, `\n`-separated) to stdout, escaped. */
  out(line: string): void;
  /** One line (or several) to stderr, escaped. */
  err(line: string): void;
  /** stderr is a terminal: live progress may redraw lines. */
  readonly interactive: boolean;
  readonly color: boolean;
}

/**
 * Marks where `paint` put a colour. The sink escapes every control character of a line, then turns
 * these marks (a private-use character and a per-process random tag no server can guess) into the
 * escape sequences: a server's own `ESC[31m` is escaped like any other, ours are not.
 */
const COLOR_MARK = `\ue000${randomBytes(6).toString("hex")}`;

/** A line as the terminal gets it: controls escaped, our colour marks made real. */
export function terminalLine(line: string): string {
  return escapeControls(line).replaceAll(COLOR_MARK, "\u001b[");
}

/** The process's streams, with colour decided from the flags and the environment. */
export function processOutput(noColorFlag: boolean): Output {
  const color = !noColorFlag && !process.env.NO_COLOR && process.stdout.isTTY === true;
  return {
    out: (line) => process.stdout.write(`${terminalLine(line)}\n`),
    err: (line) => process.stderr.write(`${terminalLine(line)}\n`),
    interactive: process.stderr.isTTY === true,
    color,
  };
}

/** Runs of C0/C1 control characters (for a caret that must keep its column: same-length blanks). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
export const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f]+/g;

/** Cuts `text` to `width` characters, the last one an ellipsis when anything was dropped. */
export function cut(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 0 ? "" : `${chars.slice(0, width - 1).join("")}…`;
}

/** `cut` then pad to exactly `width` characters (right-aligned when `right`). */
export function cell(text: string, width: number, right = false): string {
  const value = cut(text, width);
  const pad = " ".repeat(Math.max(0, width - [...value].length));
  return right ? pad + value : value + pad;
}

const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

/** Wraps text in an ANSI colour when `output.color` (apply after padding: codes take no columns). */
export function paint(output: Output, color: keyof typeof CODES, text: string): string {
  return output.color ? `${COLOR_MARK}${CODES[color]}m${text}${COLOR_MARK}0m` : text;
}

/** A duration for people: `840ms`, `1.2s`. */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "–";
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** The first line of a message, made safe. */
export function firstLine(text: string | undefined): string {
  return text === undefined ? "" : oneLine(text.split("\n", 1)[0] ?? "");
}

/** `1 tool`, `8 tools`. */
export function toolCount(count: number): string {
  return `${count} tool${count === 1 ? "" : "s"}`;
}
