/**
 * `inspect`'s progress: on a terminal one line per server, redrawn from "starting…" to its result;
 * elsewhere one plain line per server once it has a result.
 * @module
 */
import type { ServerSnapshot } from "@toolnexus/mcp-core";
import { COLUMNS, cut, firstLine, formatMs, type Output, terminalLine, toolCount } from "./output.js";

/** A running progress display. */
export interface Progress {
  /** Replaces each server's line with its result. */
  finish(rows: readonly (ServerSnapshot & { connectMs: number | undefined })[]): void;
  /** Stops redrawing (the load failed). */
  stop(): void;
  /** A server reached its result during the load: its line says so at once (terminal only). */
  settle(name: string, text: string): void;
}

const REDRAW_MS = 100;

function resultLine(server: ServerSnapshot & { connectMs: number | undefined }): string {
  if (server.status === "disabled") return `${server.name}: disabled`;
  if (server.state === "running") {
    return `${server.name}: connected in ${formatMs(server.connectMs)} (${toolCount(server.toolCount)})`;
  }
  const why = server.lastError ? `: ${firstLine(server.lastError)}` : "";
  return `${server.name}: ${server.state}${why}`;
}

/** Shows the servers starting (on stderr, so stdout holds only the table or the JSON). */
export function startProgress(output: Output, names: readonly string[]): Progress {
  if (!output.interactive || names.length === 0) {
    return {
      finish: (rows) => {
        for (const server of rows) output.err(cut(resultLine(server), COLUMNS));
      },
      stop: () => {},
      settle: () => {},
    };
  }
  const started = performance.now();
  const draw = (lines: readonly string[], redraw: boolean) => {
    const up = redraw ? `\u001b[${lines.length}F` : "";
    process.stderr.write(up + lines.map((line) => `\u001b[2K${terminalLine(cut(line, COLUMNS))}\n`).join(""));
  };
  const settled = new Map<string, string>();
  const waiting = () =>
    names.map(
      (name) => `${name}: ${settled.get(name) ?? `starting… ${formatMs(performance.now() - started)}`}`,
    );
  draw(waiting(), false);
  const timer = setInterval(() => draw(waiting(), true), REDRAW_MS);
  timer.unref();
  return {
    finish: (rows) => {
      clearInterval(timer);
      const byName = new Map(rows.map((r) => [r.name, r]));
      draw(
        names.map((name) => {
          const server = byName.get(name);
          return server ? resultLine(server) : `${name}: ?`;
        }),
        true,
      );
    },
    stop: () => clearInterval(timer),
    settle: (name, text) => {
      settled.set(name, text);
    },
  };
}
