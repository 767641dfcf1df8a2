/**
 * What a source's tool definitions cost in the model's context, per server: the tokens of every
 * definition as the model is given it, which tools tool search defers (and so does not send), what
 * that saves, and which descriptions and instructions were cut (`text-budget.ts`). What
 * `toolnexus-mcp inspect` reports.
 * @module
 */
import { estimateTokens, type TokenCounter } from "../results/token-estimate.js";
import { budgetText, DEFAULT_MAX_INSTRUCTIONS_CHARS } from "../text-budget.js";
import type { DeferLoading, McpSource, McpTool } from "../types.js";
import { deferralRule } from "./deferral.js";
import { createMetaTools } from "./meta-tools.js";

/** The estimate used when the caller gives no counter, as `inspect` names it. */
export const DEFAULT_TOKEN_ESTIMATE = "ceil(characters / 4)";

/** Options of {@link definitionTokens}. */
export interface DefinitionTokenOptions {
  /** The host's own token counter. @default `estimateTokens`: ceil(characters / 4) */
  countTokens?: TokenCounter | undefined;
  /** An adapter's own `deferLoading`. @default the source's */
  deferLoading?: DeferLoading | undefined;
}

/** A description the model is given cut. */
export interface TextCut {
  /** The server's text, in characters. */
  chars: number;
  /** What the model is given, the note included, in characters. */
  modelChars: number;
}

/** One server's tool definitions. */
export interface ServerDefinitionTokens {
  server: string;
  /** Its tools in the source now. */
  tools: number;
  /** Tokens of all its tool definitions, as the model is given them. */
  tokens: number;
  /** Model-facing names of its tools deferred behind tool search (sent only once loaded). */
  deferred: string[];
  /** Tokens of the deferred tools' definitions: what is not sent while they are not loaded. */
  deferredTokens: number;
  /** Its tools whose description the model is given cut, by model-facing name. */
  cutDescriptions: ({ tool: string } & TextCut)[];
  /** Its instructions, when `instructionsPrompt` gives them cut. */
  cutInstructions?: TextCut;
}

/** The whole source's tool definitions. */
export interface DefinitionTokenReport {
  /** `DEFAULT_TOKEN_ESTIMATE`, or `"the host's counter"`. */
  estimate: string;
  /** Every configured server, in the source's order. */
  servers: ServerDefinitionTokens[];
  /** Tokens of every definition. */
  tokens: number;
  /** Tokens of every deferred definition. */
  deferredTokens: number;
  /** Tokens of `mcp_search_tools` and `mcp_load_tools`, offered when anything is deferred (else 0). */
  metaToolTokens: number;
  /** `deferredTokens - metaToolTokens`: what tool search saves per request before any load (0 when nothing is deferred). */
  savedTokens: number;
}

/**
 * A tool's definition as providers are sent it: `{ name, description, input_schema }` as JSON, with
 * the model-facing name and the description the model is given (the shape differs per provider by a
 * few keys; the name, description and schema are the cost).
 */
export function modelDefinitionText(tool: McpTool): string {
  return JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
}

function cutInstructions(server: ReturnType<McpSource["servers"]>[number]): TextCut | undefined {
  const text = server.instructions?.trimEnd();
  if (!text) return undefined;
  const max = server.maxInstructionsChars ?? DEFAULT_MAX_INSTRUCTIONS_CHARS;
  const { text: shown, shownChars } = budgetText(text, max, "instructions");
  return shownChars === undefined ? undefined : { chars: text.length, modelChars: shown.length };
}

/**
 * The cost of `source`'s current tool definitions in the model's context, per server, with what
 * tool search defers (the deferral rule every adapter applies: a server entry's `defer`, else
 * `deferLoading`) and the descriptions and instructions cut for the model.
 */
export function definitionTokens(
  source: McpSource,
  options: DefinitionTokenOptions = {},
): DefinitionTokenReport {
  const count = options.countTokens ?? estimateTokens;
  const rule = deferralRule(source, options.deferLoading);
  const byServer = new Map<string, ServerDefinitionTokens>();
  for (const snapshot of source.servers()) {
    const entry: ServerDefinitionTokens = {
      server: snapshot.name,
      tools: 0,
      tokens: 0,
      deferred: [],
      deferredTokens: 0,
      cutDescriptions: [],
    };
    const instructions = cutInstructions(snapshot);
    if (instructions) entry.cutInstructions = instructions;
    byServer.set(snapshot.name, entry);
  }
  for (const tool of source.tools) {
    const entry = byServer.get(tool.server);
    if (!entry) continue;
    const tokens = count(modelDefinitionText(tool));
    entry.tools += 1;
    entry.tokens += tokens;
    if (rule.defers(tool)) {
      entry.deferred.push(tool.name);
      entry.deferredTokens += tokens;
    }
    if (tool.fullDescription !== undefined) {
      const cut = {
        tool: tool.name,
        chars: tool.fullDescription.length,
        modelChars: tool.description.length,
      };
      entry.cutDescriptions.push(cut);
    }
  }
  const servers = [...byServer.values()];
  const sum = (pick: (s: ServerDefinitionTokens) => number) => servers.reduce((n, s) => n + pick(s), 0);
  const deferredTokens = sum((s) => s.deferredTokens);
  const anyDeferred = servers.some((s) => s.deferred.length > 0);
  const metaToolTokens = anyDeferred
    ? createMetaTools(source).reduce((n, tool) => n + count(modelDefinitionText(tool)), 0)
    : 0;
  return {
    estimate: options.countTokens ? "the host's counter" : DEFAULT_TOKEN_ESTIMATE,
    servers,
    tokens: sum((s) => s.tokens),
    deferredTokens,
    metaToolTokens,
    savedTokens: anyDeferred ? deferredTokens - metaToolTokens : 0,
  };
}
