/**
 * Word-wrapping for help text and tool descriptions.
 * @module
 */
import { COLUMNS } from "./output.js";

/**
 * Word-wraps prose to `width` columns (80), continuation lines indented by `indent` spaces; a word
 * longer than a line stays whole on its own.
 */
export function wrap(text: string, indent = 0, width = COLUMNS): string[] {
  const lines: string[] = [];
  const [lead = "", first = "", ...words] = text.split(/( *\S+)/).filter(Boolean);
  let line = lead + first;
  for (const word of words) {
    if (line.length + word.length > width) {
      lines.push(line);
      line = " ".repeat(indent) + word.trimStart();
    } else line += word;
  }
  return [...lines, line];
}
