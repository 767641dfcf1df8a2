/**
 * The result budget applied to one finished result and its full text kept by handle (SPEC §7.12):
 * the call pipeline's `budget` stage and code mode's returned value share it.
 * @module
 */
import type { McpToolResult } from "../tool-types.js";
import { type BudgetWhere, planBudget } from "./budget-result.js";
import type { KeptResults } from "./kept-results.js";
import { type ResolvedResultBudget, type ToolBudget, toolBudget } from "./result-budget-options.js";

/** The host's budget settings, the source's kept results and the warning sink. */
export interface ResultBudgetSite {
  settings: ResolvedResultBudget;
  kept: KeptResults;
  warn: (message: string) => void;
}

/**
 * `result` within `limits`, or with a `preview` for the model and its full text kept under the
 * preview's handle (the result itself stays whole for the host); past the warning threshold the
 * host is told. A result within its budget is returned as it is, at once (no await, no copy).
 */
export function applyBudget(
  result: McpToolResult,
  limits: ToolBudget,
  site: ResultBudgetSite,
  where: BudgetWhere,
): McpToolResult | Promise<McpToolResult> {
  const plan = planBudget(result, limits, site.settings, where, site.kept.newHandle);
  if (plan === undefined) return result;
  if (plan.warning !== undefined) site.warn(plan.warning);
  if (plan.preview === undefined) return result;
  const previewed = { ...result, preview: plan.preview };
  const { handle } = plan.preview;
  if (plan.kept === undefined || handle === undefined) return previewed;
  return site.kept.keep(handle, plan.kept).then(() => previewed);
}

/**
 * A library tool's result (`server: ""`, e.g. code mode's value) under the load-level budget: the
 * limits no server entry or tool hint changes; as it is when the budget is off.
 */
export function budgetLibraryResult(
  site: ResultBudgetSite | undefined,
  result: McpToolResult,
  tool: string,
): McpToolResult | Promise<McpToolResult> {
  if (site === undefined) return result;
  const limits = toolBudget(site.settings, undefined, tool, undefined);
  return limits === undefined ? result : applyBudget(result, limits, site, { server: "", tool });
}
