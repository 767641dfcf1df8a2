/**
 * The result budget applied to one result (SPEC §7.12): its text counted in tokens, its media
 * counted and weighed apart. A result within both is left as it is (no copy: the usual call). One
 * over its token limit gets a `preview` — the head of its text, or whole first items of its JSON,
 * and one sentence saying how to read the rest by its handle — and its full text is handed back to
 * be kept; media past their limits are replaced by notes. The result itself stays whole for the host.
 * @module
 */

import { ownCopy } from "../bounded-text.js";
import type { McpContentBlock, McpResultPreview, McpToolResult } from "../tool-types.js";
import { jsonPreview } from "./json-preview.js";
import { budgetMedia } from "./media-budget.js";
import { headPreview } from "./preview-cut.js";
import type { ResolvedResultBudget, ToolBudget } from "./result-budget-options.js";

/** The name of the tool the adapters add to read a kept result (the preview's sentence names it). */
export const READ_RESULT_TOOL_NAME = "mcp_read_result";
/** Tries at fitting the preview to `previewTokens` with a host's counter (each shrinks it by the ratio seen). */
const FIT_TRIES = 3;

/** Which call a result came from, for the sentence and the warning. */
export interface BudgetWhere {
  server: string;
  tool: string;
}

/** What the budget makes of one result: the model's view, the text to keep, a warning for the host. */
export interface BudgetPlan {
  preview: McpResultPreview | undefined;
  /** The full text to keep under `preview.handle`. */
  kept: string | undefined;
  warning: string | undefined;
}

function isTextResource(block: McpContentBlock): boolean {
  const resource = (block as { resource?: { text?: unknown } }).resource;
  return block.type === "resource" && typeof resource?.text === "string";
}

/** The text the model reads: the result's text, then its embedded text resources. */
function fullText(result: McpToolResult): string {
  const resources = result.content.filter(isTextResource);
  if (resources.length === 0) return result.text;
  const texts = resources.map((block) => (block as { resource: { text: string } }).resource.text);
  return [result.text, ...texts].filter((text) => text !== "").join("\n");
}

function countTokens(result: McpToolResult, count: (text: string) => number): number {
  let tokens = count(result.text);
  for (const block of result.content) {
    if (isTextResource(block)) tokens += count((block as { resource: { text: string } }).resource.text);
  }
  return tokens;
}

/** The preview of `text` in `maxChars`: JSON items when it is a JSON array or object, else its head. */
function previewOf(text: string, maxChars: number): { shown: string; items?: [number, number] } {
  const json = jsonPreview(text, maxChars);
  if (json !== undefined) return { shown: json.json, items: [json.shownItems, json.totalItems] };
  return { shown: headPreview(text, maxChars) };
}

/** The preview within `previewTokens` by the host's counter (the estimate's characters first). */
function fittedPreview(text: string, settings: ResolvedResultBudget): ReturnType<typeof previewOf> {
  let maxChars = settings.previewTokens * 4;
  let preview = previewOf(text, maxChars);
  for (let tries = 0; tries < FIT_TRIES; tries++) {
    const tokens = settings.tokenCounter(preview.shown);
    if (tokens <= settings.previewTokens) break;
    maxChars = Math.floor((maxChars * settings.previewTokens * 0.95) / tokens);
    preview = previewOf(text, maxChars);
  }
  return preview;
}

/** The one sentence after the preview: what it is and how to read more. */
function readMoreSentence(
  preview: ReturnType<typeof previewOf>,
  total: number,
  tokens: number,
  maxTokens: number,
  handle: string,
): string {
  const size = `${total} characters, about ${tokens} tokens, over the ${maxTokens}-token limit`;
  if (preview.items !== undefined) {
    const [shown, all] = preview.items;
    return `[Preview: the first ${shown} of ${all} items of a JSON result of ${size}; read the full JSON in slices with ${READ_RESULT_TOOL_NAME} {"handle": "${handle}", "offset": 0}.]`;
  }
  const shown = preview.shown.length;
  return `[Preview: the first ${shown} of ${total} characters of a result of ${size}; read the rest with ${READ_RESULT_TOOL_NAME} {"handle": "${handle}", "offset": ${shown}}.]`;
}

function warningOf(where: BudgetWhere, tokens: number, budget: ToolBudget, over: boolean): string {
  // A library tool (code mode's `mcp_run_code`) has no server.
  const on = where.server === "" ? "" : ` on MCP server "${where.server}"`;
  const what = `Tool "${where.tool}"${on} returned a result of about ${tokens} tokens`;
  return over
    ? `${what}, over its limit of ${budget.maxTokens}: the model got a preview and a handle to read the rest`
    : `${what}, over the warning threshold of ${budget.warnTokens}`;
}

/**
 * The budget's verdict on one result: undefined when it is within every limit and under the
 * warning threshold (nothing to do). `newHandle` is called only for a result over its limit.
 */
export function planBudget(
  result: McpToolResult,
  budget: ToolBudget,
  settings: ResolvedResultBudget,
  where: BudgetWhere,
  newHandle: () => string,
): BudgetPlan | undefined {
  // The core's own failures are a sentence each: only what a server sent is budgeted.
  if (result.error !== undefined && result.error.kind !== "tool") return undefined;
  const tokens = countTokens(result, settings.tokenCounter);
  const media = budgetMedia(result.content, settings);
  const over = tokens > budget.maxTokens;
  if (!over && media === undefined && tokens <= budget.warnTokens) return undefined;
  const warning = tokens > budget.warnTokens ? warningOf(where, tokens, budget, over) : undefined;
  if (!over) {
    if (media === undefined) return { preview: undefined, kept: undefined, warning };
    const text = media.flatMap((b) => (b.type === "text" ? [(b as { text: string }).text] : [])).join("\n");
    return {
      preview: { content: media, text, tokens, maxTokens: budget.maxTokens },
      kept: undefined,
      warning,
    };
  }
  const kept = fullText(result);
  const handle = newHandle();
  const preview = fittedPreview(kept, settings);
  const sentence = readMoreSentence(preview, kept.length, tokens, budget.maxTokens, handle);
  // An own copy: the preview outlives the result in a conversation, a slice would keep the whole text.
  const text = `${ownCopy(preview.shown)}\n\n${sentence}`;
  // Media and links stay beside the preview (kept whole or noted); the text blocks are in the preview.
  const beside = result.content.filter((block) => block.type !== "text" && !isTextResource(block));
  const others = budgetMedia(beside, settings) ?? beside;
  const content: McpContentBlock[] = [{ type: "text", text }, ...others];
  const shownText = content
    .flatMap((b) => (b.type === "text" ? [(b as { text: string }).text] : []))
    .join("\n");
  return {
    preview: { content, text: shownText, handle, tokens, maxTokens: budget.maxTokens },
    kept,
    warning,
  };
}
