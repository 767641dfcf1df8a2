/**
 * Reading the command line in the CLI's own words: an unknown command or flag is named with the
 * closest known one ("did you mean"), never with `node:util`'s parser text.
 * @module
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { oneLine } from "./output.js";
import { UsageError } from "./usage-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Longer input is not a typo of a command or a flag: no distance is computed for it. */
const MAX_TYPO_LENGTH = 40;

/** Edit distance (insert, delete, substitute, swap two neighbours: 1 each) of two short strings. */
function distance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] ?? 0;
}

/**
 * The known word `input` is most likely a typo of: at most 1 edit for words up to 5 characters, 2
 * beyond; undefined when none is that close. The first of equally close words wins.
 */
export function closest(input: string, known: readonly string[]): string | undefined {
  const typed = input.toLowerCase();
  if (typed.length === 0 || typed.length > MAX_TYPO_LENGTH) return undefined;
  const bound = typed.length <= 5 ? 1 : 2;
  let best: { word: string; edits: number } | undefined;
  for (const word of known) {
    const edits = distance(typed, word.toLowerCase());
    if (edits <= bound && (best === undefined || edits < best.edits)) best = { word, edits };
  }
  return best?.word;
}

/** `unknown command "x"`, with the closest command, else the list. */
export function unknownCommand(name: string, commands: readonly string[]): UsageError {
  const near = closest(name, commands);
  const hint = near ? `did you mean "${near}"?` : `commands: ${commands.join(", ")}`;
  return new UsageError(`unknown command "${oneLine(name)}"; ${hint}`);
}

/**
 * `parseArgs` (strict, positionals allowed) with the CLI's own message for what it refuses: an
 * unknown flag (and the closest known one), a flag without its value, a value for a switch.
 * @throws UsageError
 */
export function parseCommandLine<T extends Options>(
  args: readonly string[],
  options: T,
): ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    if (
      !(error instanceof TypeError && String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS"))
    )
      throw error;
    throw explain(args, options) ?? new UsageError(oneLine(error.message));
  }
}

/** What is wrong with the command line, in our words (undefined when we cannot tell). */
function explain(args: readonly string[], options: Options): UsageError | undefined {
  const { tokens } = parseArgs({
    args: [...args],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const see = "(see toolnexus-mcp --help)";
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const flag = oneLine(token.rawName);
    const known = options[token.name];
    if (!known) {
      const near = closest(token.name, Object.keys(options));
      return new UsageError(`unknown flag ${flag}; ${near ? `did you mean --${near}?` : see}`);
    }
    if (known.type === "string" && token.value === undefined) {
      return new UsageError(`${flag} needs a value, as in ${flag} <value>`);
    }
    if (known.type === "boolean" && token.inlineValue) return new UsageError(`${flag} takes no value`);
  }
  return undefined;
}
