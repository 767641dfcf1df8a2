/**
 * One server's app resources: each `ui://` resource read once (concurrent calls share the read)
 * and kept until the server's listing changes or a new session starts, when the next call reads
 * it again. Each read is measured against the server's pins (`ServerPins.checkResource`): a
 * changed resource is drift of kind `app-resource`, reported like a tool's and, under `hold` or
 * `block`, kept from the host until approved.
 * @module
 */
import type { McpToolApp } from "../app-types.js";
import type { McpCallContext, McpResourceResult } from "../types.js";
import { appView, isAppView } from "./app-view.js";

/** The most resources one server's cache keeps (a server naming more is read again each call). */
export const MAX_APP_RESOURCES = 64;

/** The cache's bound on the HTML it keeps (UTF-16 bytes in memory), as a multiple of `maxBytes`. */
export const CACHED_BYTES_FACTOR = 4;

/** Measures a read against its pin; false keeps it from the host (held drift). */
export type CheckAppResource = (uri: string, fields: Record<string, unknown>) => boolean;

export class AppResources {
  private readonly reads = new Map<string, Promise<McpToolApp>>();
  /** The HTML bytes the kept reads hold (a server naming many large resources must not pin them all). */
  private cachedBytes = 0;

  constructor(
    private readonly server: string,
    private readonly maxBytes: number,
    private readonly read: (uri: string, ctx: McpCallContext | undefined) => Promise<McpResourceResult>,
    private readonly check: CheckAppResource,
  ) {}

  /** Forgets the reads: the next call of each resource reads it again (a new listing, a new session). */
  invalidate(): void {
    this.reads.clear();
    this.cachedBytes = 0;
  }

  /** The view of `uri`, read once and shared; a failed or held read is not kept. */
  view(uri: string, ctx: McpCallContext | undefined): Promise<McpToolApp> {
    const cached = this.reads.get(uri);
    if (cached) return cached;
    const pending = this.fetch(uri, ctx);
    if (this.reads.size < MAX_APP_RESOURCES) this.reads.set(uri, pending);
    void pending.then((app) => {
      if (this.reads.get(uri) !== pending) return;
      const bytes = isAppView(app) ? app.html.length * 2 : 0;
      // A failed or held read is tried again; one over the byte bound is read again next call.
      if (!isAppView(app) || this.cachedBytes + bytes > this.maxBytes * CACHED_BYTES_FACTOR) {
        this.reads.delete(uri);
      } else this.cachedBytes += bytes;
    });
    return pending;
  }

  private async fetch(uri: string, ctx: McpCallContext | undefined): Promise<McpToolApp> {
    const result = await this.read(uri, ctx);
    if (result.isError) {
      const message = result.error?.message ?? "the read failed";
      return { server: this.server, uri, error: { code: "APP_READ_FAILED", message } };
    }
    const app = appView(this.server, uri, result.contents, this.maxBytes);
    if (!isAppView(app)) return app;
    const { mimeType, html, csp, permissions, domain, prefersBorder } = app;
    if (this.check(uri, { mimeType, html, csp, permissions, domain, prefersBorder })) return app;
    const message =
      `App resource ${JSON.stringify(uri)} of MCP server "${this.server}" changed since it was approved; ` +
      "held until the host approves its drift (approveDrift)";
    return { server: this.server, uri, error: { code: "APP_HELD", message } };
  }
}
