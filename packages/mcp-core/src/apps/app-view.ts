/**
 * An app resource as the host receives it (SPEC "MCP Apps"): the `resources/read` result of a
 * tool's `ui://` resource checked — the URI it names, the extension's MIME type, HTML as text or
 * a base64 blob, within the size bound — with its declared sandbox validated, and a fingerprint
 * (SHA-256 over the canonical JSON of what the host gets) that tells one version from another.
 * @module
 */
import { createHash } from "node:crypto";
import type { McpAppErrorCode, McpAppFailure, McpAppView, McpToolApp } from "../app-types.js";
import type { McpResourceContents } from "../catalog-types.js";
import { isObject } from "../is-object.js";
import { canonicalJson } from "../tools/canonical-json.js";
import { APP_MIME_TYPE } from "../tools/tool-visibility.js";
import { utf8ByteLength } from "../utf8-bytes.js";
import { readAppSandbox } from "./app-csp.js";

/** The default of `apps.maxBytes`: the largest app resource HTML delivered (2 MiB). */
export const DEFAULT_APP_MAX_BYTES = 2 * 1024 * 1024;

/** The fingerprint of a view's content (SPEC "MCP Apps" gives the exact input). */
export function appFingerprint(view: Omit<McpAppView, "fingerprint" | "dropped" | "server">): string {
  const { uri, mimeType, html, csp, permissions, domain, prefersBorder } = view;
  const input = canonicalJson({ uri, mimeType, html, csp, permissions, domain, prefersBorder });
  return `sha256:${createHash("sha256").update(input).digest("hex")}`;
}

function failure(server: string, uri: string, code: McpAppErrorCode, message: string): McpAppFailure {
  return {
    server,
    uri,
    error: { code, message: `App resource ${JSON.stringify(uri)} of MCP server "${server}": ${message}` },
  };
}

/**
 * The view of `uri` from the contents `resources/read` returned: the item with that URI must
 * have the extension's MIME type and hold HTML of at most `maxBytes` UTF-8 bytes.
 */
export function appView(
  server: string,
  uri: string,
  contents: readonly McpResourceContents[],
  maxBytes: number,
): McpToolApp {
  const item = contents.find((c) => c.uri === uri);
  if (!item) return failure(server, uri, "APP_INVALID", "the server's contents have no item with this URI");
  if (item.mimeType !== APP_MIME_TYPE) {
    return failure(
      server,
      uri,
      "APP_INVALID",
      `MIME type ${JSON.stringify(String(item.mimeType).slice(0, 100))}, not ${APP_MIME_TYPE}`,
    );
  }
  let html: string;
  if ("text" in item) html = item.text;
  else {
    // A blob's size is known before decoding it: four base64 characters are three bytes.
    if (item.blob.length > Math.ceil(maxBytes / 3) * 4 + 4)
      return failure(server, uri, "APP_TOO_LARGE", `over ${maxBytes} bytes`);
    html = Buffer.from(item.blob, "base64").toString("utf8");
  }
  if (utf8ByteLength(html) > maxBytes) return failure(server, uri, "APP_TOO_LARGE", `over ${maxBytes} bytes`);
  const meta = isObject(item._meta) ? item._meta : undefined;
  const { dropped, ...sandbox } = readAppSandbox(meta?.ui);
  const content = { uri, mimeType: APP_MIME_TYPE, html, ...sandbox };
  return { server, ...content, dropped, fingerprint: appFingerprint(content) };
}

/** True for a delivered view (not a failure). */
export const isAppView = (app: McpToolApp): app is McpAppView => !("error" in app);
