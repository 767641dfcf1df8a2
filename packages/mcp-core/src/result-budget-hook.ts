/**
 * The source's result budget for a result the library makes itself rather than a server sends: code
 * mode's returned value (SPEC §22.3) is budgeted as a tool result is — a preview and a handle past
 * `maxTokens` — on the same kept results the read tool reads.
 * @module
 */
import type { McpToolResult } from "./tool-types.js";

/**
 * The key of a source's own method budgeting one result of a library tool (`server: ""`), named by
 * its tool. Registered (`Symbol.for`), so two copies of the package agree on it.
 */
export const BUDGET_RESULT: unique symbol = Symbol.for("toolnexus.mcp-core.budgetResult");

/** A source that can budget a library tool's result. */
export interface BudgetingSource {
  [BUDGET_RESULT](result: McpToolResult, tool: string): McpToolResult | Promise<McpToolResult>;
}

/** The source's budget of a library tool's results, or undefined for a catalog without one. */
export function resultBudgetOf(
  source: object,
): ((result: McpToolResult, tool: string) => McpToolResult | Promise<McpToolResult>) | undefined {
  const budget = (source as Partial<BudgetingSource>)[BUDGET_RESULT];
  return typeof budget === "function" ? (result, tool) => budget.call(source, result, tool) : undefined;
}
