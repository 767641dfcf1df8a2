import type { Tool } from "@modelcontextprotocol/client";
import { budgetText, DEFAULT_MAX_DESCRIPTION_CHARS } from "../text-budget.js";
import type { JsonSchemaObject, McpCallContext, McpTool, McpToolResult, ToolAnnotations } from "../types.js";

/** Runs a call on whatever session the server has at call time. */
export interface ToolCaller {
  callTool(
    tool: McpTool,
    args: Record<string, unknown>,
    ctx: McpCallContext | undefined,
  ): Promise<McpToolResult>;
}

/**
 * A tool as the host sees it. It holds no client: `execute` asks the server's connection for
 * the live session, so a restart or refresh never leaves a dead wrapper behind.
 */
export class ToolWrapper implements McpTool {
  readonly title: string | undefined;
  /** What the model sees: the server's description, cut at the server's `maxDescriptionChars`. */
  readonly description: string;
  /** The server's whole description when `description` was cut; undefined when it was not. */
  readonly fullDescription: string | undefined;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema: JsonSchemaObject | undefined;
  readonly annotations: ToolAnnotations | undefined;
  /**
   * The server's connection. A true private field: hosts log, inspect and serialize tools, and the
   * connection holds the server's config (env, headers) and the parent env — it must not show.
   */
  readonly #caller: ToolCaller;

  constructor(
    readonly name: string,
    readonly server: string,
    readonly definition: Tool,
    caller: ToolCaller,
    maxDescriptionChars: number = DEFAULT_MAX_DESCRIPTION_CHARS,
  ) {
    this.#caller = caller;
    this.title = definition.title ?? definition.annotations?.title;
    // The description budget is a stage of the projection, here and nowhere else: every adapter
    // reads `description`, so each offers the same cut text (SPEC §6.6).
    const full = definition.description ?? "";
    const budgeted = budgetText(full, maxDescriptionChars, "description");
    this.description = budgeted.text;
    this.fullDescription = budgeted.shownChars === undefined ? undefined : full;
    this.inputSchema = definition.inputSchema as JsonSchemaObject;
    this.outputSchema = definition.outputSchema as JsonSchemaObject | undefined;
    this.annotations = definition.annotations;
  }

  get rawName(): string {
    return this.definition.name;
  }

  execute(args: Record<string, unknown>, ctx?: McpCallContext): Promise<McpToolResult> {
    // The call's stages (durations checked first) are the caller's: `calls/call-pipeline.ts`.
    return this.#caller.callTool(this, args ?? {}, ctx);
  }
}
