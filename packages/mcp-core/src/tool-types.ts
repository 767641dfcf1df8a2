/**
 * Public types of one tool and its result: what a tool wrapper, a call path and an adapter share,
 * below the source (`types.ts` re-exports them).
 * @module
 */
import type { McpToolApp } from "./app-types.js";
import type { McpCallContext } from "./call-types.js";
import type { ContentBlock, ToolAnnotations } from "./content-types.js";
import type { McpToolErrorCode, McpToolErrorKind } from "./tool-error-types.js";

/**
 * A content block of a type this library does not know (a newer protocol revision, a server's
 * extension), passed through as the server sent it. Adapters show it as
 * `unsupportedContentText(block)`.
 */
export interface UnknownContentBlock {
  type: string;
  [key: string]: unknown;
}

/** One block of a result's `content`: a known MCP block, or an unknown one passed through. */
export type McpContentBlock = ContentBlock | UnknownContentBlock;

/** A JSON Schema object (`type: "object"`), passed through as the server gave it. */
export type JsonSchemaObject = {
  type: "object";
  properties?: Record<string, unknown>;
  [key: string]: unknown;
};

/** The result of `execute`; failures resolve, they never throw. */
export interface McpToolResult {
  /**
   * The server's blocks in its order. Known types are validated one by one (an invalid one becomes a
   * text block saying `[invalid content block of type "…"]`); unknown types pass through as sent —
   * tell them apart with `isKnownContentBlock`.
   */
  content: McpContentBlock[];
  structuredContent?: unknown;
  isError: boolean;
  error?: {
    kind: McpToolErrorKind;
    message: string;
    /** The underlying error's own message (e.g. the server's JSON-RPC error), without our context. */
    detail?: string;
    /** Stable code to branch on, beside the coarser `kind`; see {@link McpToolErrorCode}. */
    code: McpToolErrorCode;
  };
  /** Text blocks joined with "\n"; JSON of `structuredContent` when there is no text. */
  text: string;
  /** The `_meta` of the server's result, when it sent one. */
  meta?: Record<string, unknown>;
  /** The tool's MCP Apps resource, for the host (`apps` load option; SPEC "MCP Apps"); never the model's. */
  app?: McpToolApp;
  /**
   * What the model gets in place of `content` when the result passed its budget (`resultBudget`,
   * SPEC §7.12): the result itself stays whole for the host. Absent when the result fits.
   */
  preview?: McpResultPreview;
}

/** The model's view of a result over its budget (see `McpToolResult.preview`). */
export interface McpResultPreview {
  /** A text block with the preview and how to read more, then the media blocks that fit (or their notes). */
  content: McpContentBlock[];
  /** The text blocks of `content` joined with "\n". */
  text: string;
  /** The handle the full text is kept under (read it with `source.readResult`); absent when only media were left out. */
  handle?: string;
  /** The result's text in estimated tokens (the host's counter when it gave one). */
  tokens: number;
  /** The limit the result was held to. */
  maxTokens: number;
}

/** A tool of one server, stable across restarts and refreshes while its raw name stays listed. */
export interface McpTool {
  /** Model-facing name, unique in the source, ≤ 64 chars of `[A-Za-z0-9_-]`. */
  readonly name: string;
  readonly server: string;
  /** The only name sent on the wire. */
  readonly rawName: string;
  /** The key is always there on the core's tools (class fields), `undefined` when the server gave none. */
  readonly title?: string | undefined;
  /**
   * What the model is given: the server's description, cut at the server's `maxDescriptionChars`
   * (default 2048, a note at the end saying how much was shown).
   */
  readonly description: string;
  /**
   * The server's whole description when `description` was cut for the model; undefined (or absent)
   * when it was not. The host's copy: `tool.fullDescription ?? tool.description` is the server's text.
   */
  readonly fullDescription?: string | undefined;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema?: JsonSchemaObject | undefined;
  readonly annotations?: ToolAnnotations | undefined;
  /** Calls the tool on the server's live session; resolves with an error result on any failure. */
  execute(args: Record<string, unknown>, ctx?: McpCallContext): Promise<McpToolResult>;
}
