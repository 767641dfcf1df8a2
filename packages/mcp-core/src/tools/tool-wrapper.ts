import type { Tool } from "@modelcontextprotocol/client";
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
  readonly description: string;
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
  ) {
    this.#caller = caller;
    this.title = definition.title ?? definition.annotations?.title;
    this.description = definition.description ?? "";
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
