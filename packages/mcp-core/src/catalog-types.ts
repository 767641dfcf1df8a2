/**
 * Public types of the servers' catalogs: resources, resource templates, prompts, their results and
 * change events (re-exported by `types.ts`).
 * @module
 */
import type { BlobResourceContents, PromptMessage, TextResourceContents } from "./content-types.js";
import type { McpToolErrorCode, McpToolErrorKind } from "./tool-error-types.js";

/** A resource a server lists (`resources/list`), with the server that offers it. */
export interface McpResource {
  readonly server: string;
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** Size in bytes, when the server says. */
  readonly size?: number;
  readonly annotations?: Record<string, unknown>;
}

/** A resource template a server lists (`resources/templates/list`), with its server. */
export interface McpResourceTemplate {
  readonly server: string;
  /** An RFC 6570 URI template, e.g. `note://{id}`. */
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly annotations?: Record<string, unknown>;
}

/** One argument a prompt takes. */
export interface McpPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

/** A prompt a server lists (`prompts/list`), with its server. */
export interface McpPrompt {
  readonly server: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: readonly McpPromptArgument[];
}

/** The error of a failed `readResource` / `getPrompt`: the same kinds and codes as a tool call's. */
export interface McpRequestError {
  kind: McpToolErrorKind;
  code: McpToolErrorCode;
  message: string;
  /** The underlying error's own message (e.g. the server's JSON-RPC error), without our context. */
  detail?: string;
}

/** One item of a read resource: text, or base64 `blob`. */
export type McpResourceContents = TextResourceContents | BlobResourceContents;

/** The result of `readResource`; failures resolve, they never throw. */
export interface McpResourceResult {
  /** The contents the server sent; an item that is neither text nor blob contents is dropped. */
  contents: McpResourceContents[];
  isError: boolean;
  error?: McpRequestError;
}

/** The result of `getPrompt`; failures resolve, they never throw. */
export interface McpPromptResult {
  description?: string;
  /** The messages in the server's order; an invalid one becomes a user text message saying so. */
  messages: PromptMessage[];
  isError: boolean;
  error?: McpRequestError;
}

/** How a server's resource list changed, by URI. */
export interface ResourcesChange {
  added: string[];
  removed: string[];
  /** Listed before and after with different metadata (name, description, mimeType…). */
  changed: string[];
}

/** How a server's prompt list changed, by prompt name. */
export interface PromptsChange {
  added: string[];
  removed: string[];
  changed: string[];
}

/** A subscribed resource changed on its server: read it again to see how. */
export interface ResourceUpdate {
  uri: string;
}

/** A server's catalog as listed, items without `server`. The listing cache stores it as is. */
export interface CatalogListing {
  resources: Omit<McpResource, "server">[];
  resourceTemplates: Omit<McpResourceTemplate, "server">[];
  prompts: Omit<McpPrompt, "server">[];
}
