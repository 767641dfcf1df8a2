/**
 * The MCP Apps stage of the tool projection (`io.modelcontextprotocol/ui`, SPEC "MCP Apps"): who a
 * listed tool is for, read from its `_meta.ui`. A tool whose visibility leaves out the model never
 * reaches the model's set, whether or not the host renders apps; a tool the app may call stays
 * known to its server's listing for the app bridge. Pure: no I/O, one rule for every listing.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import { isObject } from "../is-object.js";

/** The extension's identifier, declared in the client's `capabilities.extensions`. */
export const APPS_EXTENSION_ID = "io.modelcontextprotocol/ui";

/** The only MIME type an app resource may have (the extension's `RESOURCE_MIME_TYPE`). */
export const APP_MIME_TYPE = "text/html;profile=mcp-app" as const;

/** The longest `ui://` URI taken from a tool (longer ones are ignored). */
export const MAX_APP_URI_LENGTH = 2048;

/** What a tool's `_meta.ui` says, validated. */
export interface ToolUi {
  /** Whether the model may see and call the tool. */
  readonly model: boolean;
  /** Whether an app of the same server may call the tool. */
  readonly app: boolean;
  /** The tool's app resource, a `ui://` URI; absent when none or when the value was not one. */
  readonly resourceUri?: string;
}

const EVERYONE: ToolUi = Object.freeze({ model: true, app: true });

/** `uri` when it is a `ui://` URI of a bounded length, else undefined. */
export function appUri(uri: unknown): string | undefined {
  return typeof uri === "string" && uri.startsWith("ui://") && uri.length <= MAX_APP_URI_LENGTH
    ? uri
    : undefined;
}

/**
 * Who `tool` is for. `visibility` absent: the model and the app (the extension's default). An
 * array: the audiences it names (`"model"`, `"app"`; other members ignored). Anything else — not
 * an array, or an array holding a non-string — is nobody: deny by default, since a server that
 * meant to hide a tool from the model must not have it shown by a typo. The resource URI is
 * `_meta.ui.resourceUri`, else the deprecated `_meta["ui/resourceUri"]` (as the extension's
 * `getToolUiResourceUri` reads it), kept only when it is a `ui://` URI.
 */
export function toolUi(tool: Pick<Tool, "_meta">): ToolUi {
  const meta = tool._meta;
  if (!isObject(meta)) return EVERYONE;
  const ui = isObject(meta.ui) ? meta.ui : undefined;
  const uri = appUri(ui?.resourceUri !== undefined ? ui.resourceUri : meta["ui/resourceUri"]);
  const visibility = ui?.visibility;
  let audience: { model: boolean; app: boolean } = EVERYONE;
  if (visibility !== undefined) {
    const named = Array.isArray(visibility) && visibility.every((v) => typeof v === "string");
    audience = named
      ? { model: visibility.includes("model"), app: visibility.includes("app") }
      : { model: false, app: false };
  }
  if (uri === undefined) return audience === EVERYONE ? EVERYONE : audience;
  return { ...audience, resourceUri: uri };
}

/** The stage: the model's share of a listing, and the app's, each in listing order. */
export function splitByAudience(listing: readonly Tool[]): { model: Tool[]; app: Tool[] } {
  const model: Tool[] = [];
  const app: Tool[] = [];
  for (const tool of listing) {
    const ui = toolUi(tool);
    if (ui.model) model.push(tool);
    if (ui.app) app.push(tool);
  }
  return { model, app };
}
