/**
 * Terminal output: lines fit 80 columns (or the terminal's width when wider), table cells end with
 * an ellipsis, causes wrap and are never cut; no control character a server or an authorization
 * server sent reaches the terminal raw; colour only on a TTY without `NO_COLOR` / `--no-color`.
 * @module
 */
import { randomBytes } from "node:crypto";
import { causeOf, columnsOf, escapeControls, oneLine, wrap } from "./terminal-text.js";

export { causeOf, escapeControls, oneLine, wrap } from "./terminal-text.js";

/** The width every line fits, whatever the terminal (the README's promise). */
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
  /** The columns a line may take: {@link COLUMNS}, or the terminal's width when it is wider. */
  readonly width: number;
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
  const terminalColumns = process.stdout.columns ?? process.stderr.columns ?? 0;
  return {
    out: (line) => process.stdout.write(`${terminalLine(line)}\n`),
    err: (line) => process.stderr.write(`${terminalLine(line)}\n`),
    interactive: process.stderr.isTTY === true,
    color,
    width: Math.max(COLUMNS, terminalColumns),
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
  const pad = " ".repeat(Math.max(0, width - columnsOf(value)));
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

/**
 * A status line and, when there is one, its cause whole on its own indented lines below it —
 * never cut, wrapped to the output's width.
 */
export function statusLines(output: Output, status: string, cause: string | undefined, indent = 4): string[] {
  const why = causeOf(cause);
  const head = wrap(status, output.width, "", " ".repeat(indent));
  return why ? [...head, ...wrap(why, output.width, " ".repeat(indent))] : head;
}

/** `label` then `text` whole, wrapped to the output's width, continuation lines indented. */
export function labelled(
  output: Output,
  label: string,
  text: string,
  indent = label.search(/\S/) + 2,
): string[] {
  return wrap(text, output.width, label, " ".repeat(Math.max(indent, 0)));
}
