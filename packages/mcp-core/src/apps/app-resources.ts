/**
 * One server's app resources: each `ui://` resource read once (concurrent calls share the read)
 * and kept until the server's listing changes or a new session starts, when the next call reads
 * it again; a read whose fingerprint differs from the one the host last received is drift of that
 * resource, reported with the fields that changed.
 * @module
 */

import type { McpAppView, McpToolApp } from "../app-types.js";
import { canonicalJson } from "../tools/canonical-json.js";
import type { McpCallContext, McpResourceResult } from "../types.js";
import { appView, isAppView } from "./app-view.js";

/** The most resources one server's cache keeps (a server naming more is read again each call). */
export const MAX_APP_RESOURCES = 64;

/** A changed app resource: its URI, the fields that changed, the new and the previous fingerprint. */
export interface AppResourceDrift {
  uri: string;
  fields: string[];
  fingerprint: string;
  pinned: string;
}

const FIELDS = ["mimeType", "html", "csp", "permissions", "domain", "prefersBorder"] as const;

/** The content fields of `before` and `after` that differ. */
function changedFields(before: McpAppView, after: McpAppView): string[] {
  return FIELDS.filter(
    (field) => canonicalJson(before[field] ?? null) !== canonicalJson(after[field] ?? null),
  );
}

export class AppResources {
  private readonly reads = new Map<string, Promise<McpToolApp>>();
  /** The view of each URI the host last received (what a new read is measured against). */
  private readonly delivered = new Map<string, McpAppView>();

  constructor(
    private readonly server: string,
    private readonly maxBytes: number,
    private readonly read: (uri: string, ctx: McpCallContext | undefined) => Promise<McpResourceResult>,
    private readonly onDrift: (drift: AppResourceDrift) => void,
  ) {}

  /** Forgets the reads: the next call of each resource reads it again (a new listing, a new session). */
  invalidate(): void {
    this.reads.clear();
  }

  /** The view of `uri`, read once and shared; a failed read is not kept. */
  view(uri: string, ctx: McpCallContext | undefined): Promise<McpToolApp> {
    const cached = this.reads.get(uri);
    if (cached) return cached;
    const pending = this.fetch(uri, ctx);
    if (this.reads.size < MAX_APP_RESOURCES) this.reads.set(uri, pending);
    void pending.then((app) => {
      if (!isAppView(app) && this.reads.get(uri) === pending) this.reads.delete(uri);
    });
    return pending;
  }

  private async fetch(uri: string, ctx: McpCallContext | undefined): Promise<McpToolApp> {
    // A little over the bound, so a text the read had to cut is still seen as too large.
    const result = await this.read(uri, ctx);
    if (result.isError) {
      const message = result.error?.message ?? "the read failed";
      return { server: this.server, uri, error: { code: "APP_READ_FAILED", message } };
    }
    const app = appView(this.server, uri, result.contents, this.maxBytes);
    if (isAppView(app)) this.measure(app);
    return app;
  }

  private measure(app: McpAppView): void {
    const before = this.delivered.get(app.uri);
    if (!before && this.delivered.size >= MAX_APP_RESOURCES) return;
    this.delivered.set(app.uri, app);
    if (before && before.fingerprint !== app.fingerprint) {
      this.onDrift({
        uri: app.uri,
        fields: changedFields(before, app),
        fingerprint: app.fingerprint,
        pinned: before.fingerprint,
      });
    }
  }
}

/** The warning a changed app resource gives (the drift event carries the same facts). */
export function appDriftWarning(server: string, drift: AppResourceDrift): string {
  return (
    `MCP server "${server}": app resource ${JSON.stringify(drift.uri)} changed (${drift.fields.join(", ")}): ` +
    `${drift.fingerprint}, was ${drift.pinned}`
  );
}
