/**
 * The MCP content shapes our public types carry, written out here rather than re-exported from the
 * SDK, so an SDK upgrade does not change this package's public types. Each is structurally the
 * SDK's type of the same name (2025-11-25 schema): values pass between the two either way.
 * @module
 */

/** Who a piece of content is meant for, how important it is, and when it last changed. */
export interface McpAnnotations {
  audience?: ("user" | "assistant")[] | undefined;
  priority?: number | undefined;
  /** An ISO 8601 timestamp. */
  lastModified?: string | undefined;
}

/** An icon a server offers for a resource link (and other items). */
export interface McpIcon {
  src: string;
  mimeType?: string | undefined;
  sizes?: string[] | undefined;
  theme?: "light" | "dark" | undefined;
}

/** One text item of a read resource or of an embedded resource. */
export interface TextResourceContents {
  uri: string;
  mimeType?: string | undefined;
  _meta?: Record<string, unknown> | undefined;
  text: string;
}

/** One binary item of a read resource or of an embedded resource: `blob` is base64. */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string | undefined;
  _meta?: Record<string, unknown> | undefined;
  blob: string;
}

/** A text block. */
export interface TextContent {
  type: "text";
  text: string;
  annotations?: McpAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** An image block: `data` is base64. */
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
  annotations?: McpAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** An audio block: `data` is base64. */
export interface AudioContent {
  type: "audio";
  data: string;
  mimeType: string;
  annotations?: McpAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** A link to a resource the server can read (not necessarily listed by `resources/list`). */
export interface ResourceLink {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
  annotations?: McpAnnotations | undefined;
  icons?: McpIcon[] | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** A resource's contents embedded in a result or a prompt. */
export interface EmbeddedResource {
  type: "resource";
  resource: TextResourceContents | BlobResourceContents;
  annotations?: McpAnnotations | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** A content block of a known MCP type. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** One message of a prompt. */
export interface PromptMessage {
  role: "user" | "assistant";
  content: ContentBlock;
}

/** A tool's behaviour hints, as its server describes them (untrusted). */
export interface ToolAnnotations {
  title?: string | undefined;
  readOnlyHint?: boolean | undefined;
  destructiveHint?: boolean | undefined;
  idempotentHint?: boolean | undefined;
  openWorldHint?: boolean | undefined;
}
