/**
 * A failed server's stderr, shown under its error: the last lines are usually the cause (a missing
 * key, a stack trace's first line), so they are shown without `--verbose` too — the last
 * {@link QUIET_LINES}, each cut to one line of the output; `--verbose` shows the last
 * {@link VERBOSE_LINES} whole. The core already redacted the values it passed to the server; the
 * text is escaped like every line the CLI writes.
 * @module
 */
import { cut, type Output, oneLine, paint, wrap } from "./output.js";

/** Lines of a failed server's stderr shown without `--verbose`. */
export const QUIET_LINES = 3;
/** Lines shown with `--verbose`. */
export const VERBOSE_LINES = 10;

const PREFIX = "  stderr| ";

/** The last lines of `tail` (blank lines skipped), as the CLI prints them under a server's error. */
export function stderrLines(
  output: Output,
  tail: string | undefined,
  verbose: boolean,
  indent = "",
): string[] {
  if (!tail) return [];
  const lines = tail
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(-(verbose ? VERBOSE_LINES : QUIET_LINES));
  const prefix = indent + PREFIX;
  return lines.flatMap((line) =>
    (verbose ? wrap(line, output.width, prefix) : [cut(`${prefix}${oneLine(line)}`, output.width)]).map((l) =>
      paint(output, "dim", l),
    ),
  );
}
