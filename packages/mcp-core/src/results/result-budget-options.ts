/**
 * The result budget's settings: the load option (`resultBudget`), a server entry's own
 * (`resultBudget` of the entry, with `tools` by raw name), the defaults (SPEC §7.12), and the
 * limits of one tool: its entry's, else the server's `_meta["anthropic/maxResultSizeChars"]` hint
 * (bounded by the host's `maxHintTokens`), else the server entry's, else the host's.
 * @module
 */
import { estimateTokens, type TokenCounter } from "./token-estimate.js";

/** The limits of a server entry or one of its tools (`resultBudget` of a config entry). */
export interface ResultBudgetLimits {
  /** Estimated tokens one result may put in the model's context; more is kept and previewed. */
  maxTokens?: number | undefined;
  /** Estimated tokens past which a result is reported on `onWarning` (naming server and tool). */
  warnTokens?: number | undefined;
}

/** A config entry's `resultBudget`: the server's limits, and per tool (by raw name) their own. */
export interface EntryResultBudget extends ResultBudgetLimits {
  /** `false`: this server's results reach the model whole. @default true */
  enabled?: boolean | undefined;
  tools?: Record<string, ResultBudgetLimits> | undefined;
}

/** The load option `resultBudget`: the host's limits and how a result over them is previewed and kept. */
export interface ResultBudgetOptions extends ResultBudgetLimits {
  /** `false`: no result is budgeted, every result reaches the model whole, no handle is made. @default true */
  enabled?: boolean | undefined;
  /**
   * The most a server's `_meta["anthropic/maxResultSizeChars"]` hint may raise a tool's limit to,
   * in estimated tokens (the hint's characters / 4). @default 125000 (Claude Code's 500 000 characters)
   */
  maxHintTokens?: number | undefined;
  /** The size of the preview the model gets of a result over its limit. @default 2000 */
  previewTokens?: number | undefined;
  /**
   * The most image, audio, embedded blob and resource-link blocks of one result the model gets;
   * the others are replaced by a note (never cut). @default 20
   */
  maxMediaBlocks?: number | undefined;
  /** The most decoded bytes of image, audio and blob blocks of one result the model gets. @default 5242880 (5 MiB) */
  maxMediaBytes?: number | undefined;
  /** How long a kept result can be read by its handle. @default 3600000 (1 h) */
  ttlMs?: number | undefined;
  /** Counts a text's tokens; the host's tokenizer in place of the estimate. @default ceil(chars / 4) */
  tokenCounter?: TokenCounter | undefined;
}

/** `ResultBudgetOptions` with every default applied. */
export interface ResolvedResultBudget {
  maxTokens: number;
  warnTokens: number;
  maxHintTokens: number;
  previewTokens: number;
  maxMediaBlocks: number;
  maxMediaBytes: number;
  ttlMs: number;
  tokenCounter: TokenCounter;
}

/** The defaults: Claude Code's measured convention (SPEC §7.12 says why). */
export const RESULT_BUDGET_DEFAULTS = {
  maxTokens: 25_000,
  warnTokens: 10_000,
  maxHintTokens: 125_000,
  previewTokens: 2_000,
  maxMediaBlocks: 20,
  maxMediaBytes: 5 * 1024 * 1024,
  ttlMs: 60 * 60 * 1000,
} as const;

/** The `_meta` key of a tool by which a server asks for a larger (or smaller) result limit, in characters. */
export const MAX_RESULT_SIZE_HINT = "anthropic/maxResultSizeChars";

/** The limits one call of a tool is held to. */
export interface ToolBudget {
  maxTokens: number;
  warnTokens: number;
}

/** The hint of a tool's definition, in estimated tokens, bounded by `maxHintTokens`. */
function hintTokens(definition: unknown, maxHintTokens: number): number | undefined {
  const meta = (definition as { _meta?: unknown } | undefined)?._meta;
  if (typeof meta !== "object" || meta === null) return undefined;
  const chars = (meta as Record<string, unknown>)[MAX_RESULT_SIZE_HINT];
  if (typeof chars !== "number" || !Number.isFinite(chars) || chars < 1) return undefined;
  return Math.min(Math.ceil(chars / 4), maxHintTokens);
}

/**
 * The limits of one tool, or undefined when its entry turns the budget off (`enabled: false`): its
 * entry's own (`resultBudget.tools[rawName]`), else the server's hint
 * (bounded by `maxHintTokens`), else the entry's, else the host's. The warning threshold never
 * exceeds the limit's own, so a raised limit does not silence it and a lowered one does not warn
 * below it.
 */
export function toolBudget(
  host: ResolvedResultBudget,
  entry: EntryResultBudget | undefined,
  rawName: string,
  definition: unknown,
): ToolBudget | undefined {
  if (entry?.enabled === false) return undefined;
  const own =
    entry?.tools !== undefined && Object.hasOwn(entry.tools, rawName) ? entry.tools[rawName] : undefined;
  const maxTokens =
    own?.maxTokens ?? hintTokens(definition, host.maxHintTokens) ?? entry?.maxTokens ?? host.maxTokens;
  const warnTokens = own?.warnTokens ?? entry?.warnTokens ?? host.warnTokens;
  return { maxTokens, warnTokens: Math.min(warnTokens, maxTokens) };
}

/** The load option over the defaults, field by field. */
export function resolveResultBudget(options: ResultBudgetOptions | undefined): ResolvedResultBudget {
  const o = options ?? {};
  const d = RESULT_BUDGET_DEFAULTS;
  return {
    maxTokens: o.maxTokens ?? d.maxTokens,
    warnTokens: o.warnTokens ?? d.warnTokens,
    maxHintTokens: o.maxHintTokens ?? d.maxHintTokens,
    previewTokens: o.previewTokens ?? d.previewTokens,
    maxMediaBlocks: o.maxMediaBlocks ?? d.maxMediaBlocks,
    maxMediaBytes: o.maxMediaBytes ?? d.maxMediaBytes,
    ttlMs: o.ttlMs ?? d.ttlMs,
    tokenCounter: o.tokenCounter === undefined ? estimateTokens : guardedCounter(o.tokenCounter),
  };
}

/** A host's counter that throws or answers no count falls back to the estimate: a call never fails on it. */
function guardedCounter(count: TokenCounter): TokenCounter {
  return (text) => {
    try {
      const tokens = count(text);
      return Number.isFinite(tokens) && tokens >= 0 ? tokens : estimateTokens(text);
    } catch {
      return estimateTokens(text);
    }
  };
}
