/**
 * What `inspect` says of the tool definitions' cost in the model's context: per server, the tokens
 * of its definitions, the tools tool search defers and the descriptions and instructions cut for the
 * model; after the table, the total and what tool search saves. The figures are the core's
 * (`definitionTokens` of the adapter kit), estimated unless a host counts.
 * @module
 */
import type { DefinitionTokenReport, ServerDefinitionTokens } from "@toolnexus/mcp-core/adapter";
import { labelled, type Output, oneLine, toolCount } from "../output.js";

/** What `--json` adds at the top level: the totals of {@link DefinitionTokenReport}. */
export type DefinitionTotals = Omit<DefinitionTokenReport, "servers">;

/** The report's totals, for `--json`. */
export function definitionTotals(report: DefinitionTokenReport): DefinitionTotals {
  const { servers: _servers, ...totals } = report;
  return totals;
}

/** The lines below a server's row: its definitions' tokens, deferred tools, cut descriptions and instructions. */
export function definitionLines(output: Output, definitions: ServerDefinitionTokens | undefined): string[] {
  if (!definitions || (definitions.tools === 0 && !definitions.cutInstructions)) return [];
  const lines: string[] = [];
  if (definitions.tools > 0) {
    const text = `~${definitions.tokens} tokens for ${toolCount(definitions.tools)}`;
    lines.push(...labelled(output, "  definitions: ", text));
  }
  if (definitions.deferred.length > 0) {
    const names = definitions.deferred.map(oneLine).join(", ");
    const text = `${toolCount(definitions.deferred.length)} behind tool search, ~${definitions.deferredTokens} tokens not sent until loaded: ${names}`;
    lines.push(...labelled(output, "  deferred: ", text));
  }
  for (const cut of definitions.cutDescriptions) {
    const text = `${oneLine(cut.tool)} (${cut.chars} → ${cut.modelChars} characters)`;
    lines.push(...labelled(output, "  description cut: ", text));
  }
  const instructions = definitions.cutInstructions;
  if (instructions) {
    const text = `${instructions.chars} → ${instructions.modelChars} characters in instructionsPrompt`;
    lines.push(...labelled(output, "  instructions cut: ", text));
  }
  return lines;
}

/** The line after the table: the definitions' total, the estimate named, and tool search's saving. */
export function definitionSummary(output: Output, report: DefinitionTokenReport): string[] {
  let text = `~${report.tokens} tokens in all (estimated as ${report.estimate})`;
  if (report.metaToolTokens > 0) {
    text +=
      `; tool search defers ~${report.deferredTokens} of them and its two tools cost ~${report.metaToolTokens}:` +
      ` ~${report.savedTokens} saved per request until tools are loaded`;
  }
  return labelled(output, "tool definitions: ", text);
}
