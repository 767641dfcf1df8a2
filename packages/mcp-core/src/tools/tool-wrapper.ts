import type { Tool } from "@modelcontextprotocol/client";
import type { JsonSchemaObject, McpCallContext, McpTool, McpToolResult, ToolAnnotations } from "../types.js";
import { errorResult } from "./call-result.js";
import { callContextProblem } from "./call-timeout.js";

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
    // A timeout no timer can wait (or no timeout at all) is refused before anything waits on it.
    const timeoutProblem = callContextProblem(ctx);
    if (timeoutProblem !== undefined) {
      const message = `Call to tool "${this.name}" on MCP server "${this.server}" was not sent: ${timeoutProblem}`;
      return Promise.resolve(errorResult("protocol", "PROTOCOL_ERROR", message, timeoutProblem));
    }
    return this.#caller.callTool(this, args ?? {}, ctx);
  }
}
