/**
 * Public types of MCP Apps (`io.modelcontextprotocol/ui`, SPEC "MCP Apps"): the app resource a
 * tool's result carries for the host, and its validated sandbox.
 * @module
 */

/** A validated CSP (the extension's `McpUiResourceCsp`): only fields with at least one valid origin. */
export type McpAppCsp = Partial<
  Record<"connectDomains" | "resourceDomains" | "frameDomains" | "baseUriDomains", string[]>
>;

/** Validated permissions (the extension's `McpUiResourcePermissions`): `{}` for each one asked for. */
export type McpAppPermissions = Partial<
  Record<"camera" | "microphone" | "geolocation" | "clipboardWrite", Record<string, never>>
>;

/** An app resource delivered with a tool's result, for the host to render (never the model). */
export interface McpAppView {
  server: string;
  /** The `ui://` URI the tool names. */
  uri: string;
  mimeType: "text/html;profile=mcp-app";
  /** The HTML document (a base64 blob decoded as UTF-8). */
  html: string;
  /** The declared CSP, validated; empty means the extension's restrictive default. */
  csp: McpAppCsp;
  /** The declared permissions, validated; the host may grant fewer. */
  permissions: McpAppPermissions;
  domain?: string;
  prefersBorder?: boolean;
  /** What validation dropped from the declared `_meta.ui` (paths such as `csp.connectDomains[1]`). */
  dropped: string[];
  /**
   * `sha256:` + the hex SHA-256 of the canonical JSON of
   * `{uri, mimeType, html, csp, permissions, domain, prefersBorder}` (SPEC "MCP Apps").
   */
  fingerprint: string;
}

/** Why an app resource was not delivered. */
export type McpAppErrorCode = "APP_READ_FAILED" | "APP_INVALID" | "APP_TOO_LARGE" | "APP_HELD";

/** A tool's app resource that could not be delivered; the tool's own result is unaffected. */
export interface McpAppFailure {
  server: string;
  uri: string;
  error: { code: McpAppErrorCode; message: string };
}

/** What a result carries for a tool with an app resource. */
export type McpToolApp = McpAppView | McpAppFailure;
