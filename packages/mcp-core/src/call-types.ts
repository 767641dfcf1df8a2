/**
 * The public types of one tool call's options: its context and the progress it reports.
 * @module
 */

/** Progress reported by a long-running tool. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Per-call options for `McpTool.execute`. */
export interface McpCallContext {
  /** Aborts the call; the server receives `notifications/cancelled`. */
  signal?: AbortSignal | undefined;
  /**
   * Milliseconds for this call; progress resets it. A positive number up to `MAX_TIMER_MS`
   * (2147483647): anything else resolves the call at once, unsent, with a `protocol` error.
   * @default the entry's `toolTimeouts` value for the tool, else its `timeout` (30 000)
   */
  timeoutMs?: number | undefined;
  /**
   * Milliseconds for the whole call, which progress does not reset: the wait for a starting server
   * and every progress notification count. When it runs out the request is cancelled on the server
   * and the call resolves with `error.kind` `"timeout"` (code `TIMEOUT`). A positive number up to
   * `MAX_TIMER_MS`; anything else resolves the call at once, unsent, with a `protocol` error.
   * @default none (only `timeoutMs` bounds the call)
   */
  maxTotalTimeoutMs?: number | undefined;
  /**
   * Receives progress notifications. A call made as a task reports each new `statusMessage` of
   * the task here (`message`, with `progress` counting them).
   */
  onProgress?: ((progress: McpProgress) => void) | undefined;
  /**
   * Call the tool as an MCP task when its `execution.taskSupport` is `optional` (`true`), or not
   * (`false`); a `required` tool is always called as a task. The server keeps the work, the client
   * polls it, and the task id is kept in the `taskStore` so the call survives a session loss or a
   * host restart.
   * @default the server entry's `taskTools` (none unless it says)
   */
  task?: boolean | undefined;
  /**
   * The dialect the tool's input schema was shaped to for the model (`shapeInputSchema`): with
   * `"openai-strict"` the `null`s strict mode forced on optional properties are removed, and the
   * JSON text that stands for an open object is parsed back, before the arguments are sent.
   * @default "as-is" (the arguments are sent as given)
   */
  schemaDialect?: SchemaDialect | undefined;
  /**
   * Who the call is for (SPEC §23): a host serving many users names the user here. Checked (1 to
   * 256 characters, no control characters; else the call is not sent) and carried with the call;
   * today every tenant shares the server's one instance and its token (SECURITY.md, "Tenants").
   * @default none (as without tenants)
   */
  tenant?: string | undefined;
  /**
   * Keys added to the request's `params._meta` (SPEC §23.1). The library's own keys (`progressToken`,
   * `traceparent`, `tracestate`, `baggage`) and any key in a prefix MCP reserves (`io.modelcontextprotocol/…`)
   * are dropped: the request carries the library's value or none. A plain object of JSON values.
   * @default none
   */
  _meta?: Record<string, unknown> | undefined;
  /**
   * Headers added to the request on Streamable HTTP (ignored on stdio; SPEC §23.1). The transport's
   * and protocol's own (`Authorization`, `Mcp-*`, `Content-Type`, `Accept`, trace context…) are
   * dropped, and the server entry's configured headers win over a header of the same name.
   * @default none
   */
  headers?: Record<string, string> | undefined;
}

/**
 * Which provider's rules a tool's input schema is shaped to (SPEC §13.5): OpenAI's strict mode,
 * Gemini's function declarations, Anthropic's tool `input_schema`, or the server's schema as given.
 */
export type SchemaDialect = "openai-strict" | "gemini" | "anthropic" | "as-is";
