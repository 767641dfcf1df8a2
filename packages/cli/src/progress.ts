/**
 * `inspect`'s progress on stderr: on a terminal one line per server, redrawn from "starting…" to
 * its result; elsewhere (a pipe, a file) each server's result streamed the moment it settles.
 * @module
 */
import type { ServerSnapshot } from "@toolnexus/mcp-core";
import { cut, formatMs, type Output, statusLines, terminalLine, toolCount } from "./output.js";

/** A server as progress shows it: its snapshot and how long it took to connect. */
export type ProgressRow = ServerSnapshot & { connectMs: number | undefined };

/** A running progress display. */
export interface Progress {
  /** A server settled (running, failed, waiting for authorization): say so now. */
  settle(row: ProgressRow): void;
  /** The load is over: the result of every server not shown yet (a terminal redraws them all). */
  finish(rows: readonly ProgressRow[]): void;
  /** Stops redrawing (the load failed). */
  stop(): void;
  /** Where the command writes meanwhile: on a terminal, stderr lines go above the live lines. */
  readonly output: Output;
}

const REDRAW_MS = 100;

/** Has this server come to a result (anything but still starting)? */
function settled(row: ProgressRow): boolean {
  return row.status === "disabled" || (row.state !== "starting" && row.state !== "stopped");
}

/** A server's result: one line, then its cause whole on its own lines when it failed. */
function resultLines(output: Output, row: ProgressRow): string[] {
  if (row.status === "disabled") return [`${row.name}: disabled`];
  if (row.state === "running") {
    return [`${row.name}: connected in ${formatMs(row.connectMs)} (${toolCount(row.toolCount)})`];
  }
  if (!settled(row)) return [`${row.name}: still starting`];
  return statusLines(output, `${row.name}: ${row.state}`, row.lastError, 2);
}

/** Shows the servers starting (on stderr, so stdout holds only the table or the JSON). */
export function startProgress(output: Output, names: readonly string[]): Progress {
  if (!output.interactive || names.length === 0) return streamedProgress(output);
  return liveProgress(output, names);
}

/** Not a terminal: one result per server, written (and flushed) as soon as it is known. */
function streamedProgress(output: Output): Progress {
  const shown = new Set<string>();
  const show = (row: ProgressRow) => {
    if (shown.has(row.name) || !settled(row)) return;
    shown.add(row.name);
    for (const line of resultLines(output, row)) output.err(line);
  };
  return {
    settle: show,
    finish: (rows) => {
      for (const row of rows) show(row);
    },
    stop: () => {},
    output,
  };
}

/** A terminal: the servers' lines redrawn in place; other stderr lines are written above them. */
function liveProgress(output: Output, names: readonly string[]): Progress {
  const started = performance.now();
  const results = new Map<string, string>();
  let drawn = 0;
  let live = true;
  const write = (lines: readonly string[], above: readonly string[] = []) => {
    // Up to the first live line, clear from there down, then the lines again.
    const up = drawn > 0 ? `\u001b[${drawn}F\u001b[J` : "";
    const text = [...above, ...lines].map((line) => `${terminalLine(line)}\n`).join("");
    process.stderr.write(up + text);
    drawn = lines.length;
  };
  const waiting = () =>
    names.map((name) =>
      cut(
        `${name}: ${results.get(name) ?? `starting… ${formatMs(performance.now() - started)}`}`,
        output.width,
      ),
    );
  write(waiting());
  const timer = setInterval(() => write(waiting()), REDRAW_MS);
  timer.unref();
  const end = () => {
    clearInterval(timer);
    live = false;
  };
  return {
    settle: (row) => {
      if (!settled(row)) return;
      results.set(row.name, row.state === "running" ? `connected in ${formatMs(row.connectMs)}` : row.state);
    },
    finish: (rows) => {
      end();
      const byName = new Map(rows.map((row) => [row.name, row]));
      write(
        names.flatMap((name) => {
          const row = byName.get(name);
          return row ? resultLines(output, row) : [`${name}: ?`];
        }),
      );
    },
    stop: end,
    output: {
      ...output,
      err: (line) => {
        if (live) write(waiting(), [line]);
        else output.err(line);
      },
    },
  };
}
