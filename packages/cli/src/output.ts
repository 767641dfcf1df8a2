/**
 * Terminal output: 80 columns, cut with an ellipsis (never wrapped), control characters a server
 * sent never reach the terminal, colour only on a TTY without `NO_COLOR` / `--no-color`.
 * @module
 */

/** The width every line is cut to. */
export const COLUMNS = 80;

/** Where a command writes, and how. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
  /** stderr is a terminal: live progress may redraw lines. */
  readonly interactive: boolean;
  readonly color: boolean;
}

/** The process's streams, with colour decided from the flags and the environment. */
export function processOutput(noColorFlag: boolean): Output {
  const color = !noColorFlag && !process.env.NO_COLOR && process.stdout.isTTY === true;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    interactive: process.stderr.isTTY === true,
    color,
  };
}

/**
 * Makes server-supplied text safe for one terminal line: control characters (escape sequences,
 * newlines, tabs) become spaces, runs of spaces collapse.
 */
export function oneLine(text: string): string {
  return text.replace(CONTROL_RUNS, " ").replace(/ {2,}/g, " ").trim();
}

/** Runs of C0/C1 control characters (escape sequences start with one). */
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
  return output.color ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text;
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
