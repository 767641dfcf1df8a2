/**
 * One server's catalog — resources, resource templates, prompts — and its resource subscriptions.
 * Listed in the background once a session runs, re-listed on `list_changed` (debounced with the
 * tool list's `CappedDebounce`, coalesced by its `RefreshQueue`), announced once per effective
 * change (by URI for resources, by name for prompts). A lazy server not started yet shows its
 * cached catalog. Subscriptions outlive sessions: each new session subscribes every URI again.
 * @module
 */
import { errorMessage } from "../errors.js";
import { serverLabel } from "../server-message.js";
import { CappedDebounce } from "../timing/capped-debounce.js";
import { Pulse } from "../timing/pulse.js";
import { RefreshQueue } from "../timing/refresh-queue.js";
import { canonicalJson } from "../tools/canonical-json.js";
import type { CatalogEvent, McpSession } from "../transport/session.js";
import type {
  McpPrompt,
  McpResource,
  McpResourceTemplate,
  PromptsChange,
  ResourcesChange,
  ResourceUpdate,
} from "../types.js";
import { CATALOG_KINDS, type CatalogKind, type CatalogListing, listCatalog } from "./list-catalog.js";

/** Where a catalog's changes and updates go (the source's event hubs). */
export interface CatalogEvents {
  resourcesChanged(server: string, change: ResourcesChange): void;
  promptsChanged(server: string, change: PromptsChange): void;
  resourceUpdated(server: string, update: ResourceUpdate): void;
}

/** What a catalog needs from its connection. */
export interface CatalogSettings {
  server: string;
  timeoutMs: number;
  debounceMs: number;
  events: CatalogEvents;
  warn: (message: string) => void;
  /** Every catalog fetched from a live session (the lazy listing cache keeps it). */
  onListed: ((catalog: CatalogListing) => void) | undefined;
  /** The connection's running session, read when needed (the catalog keeps no copy). */
  session: () => McpSession | undefined;
}

export class ServerCatalog {
  private resourceList: readonly McpResource[] = [];
  private templateList: readonly McpResourceTemplate[] = [];
  private promptList: readonly McpPrompt[] = [];
  private readonly dirty = new Set<CatalogKind>();
  private readonly queue = new RefreshQueue(() => this.relist());
  private readonly debounce: CappedDebounce;
  private readonly changed = new Pulse();
  /** Subscribed URIs, with the function that ends the current session's subscription. */
  private readonly subscriptions = new Map<string, (() => Promise<void>) | undefined>();
  /** A URI's subscribe request on the wire, settled (never rejecting) once it is answered. */
  private readonly sending = new Map<string, Promise<void>>();

  constructor(private readonly settings: CatalogSettings) {
    this.debounce = new CappedDebounce(settings.debounceMs, 10 * settings.debounceMs, () => {
      void this.queue.request().catch(() => {});
      this.changed.fire();
    });
  }

  get resources(): readonly McpResource[] {
    return this.resourceList;
  }

  get resourceTemplates(): readonly McpResourceTemplate[] {
    return this.templateList;
  }

  get prompts(): readonly McpPrompt[] {
    return this.promptList;
  }

  /** A session runs: list everything, subscribe every URI again. */
  sessionStarted(session: McpSession): void {
    for (const kind of CATALOG_KINDS) this.dirty.add(kind);
    void this.queue.request().catch(() => {});
    for (const uri of this.subscriptions.keys()) {
      void this.subscribeOn(session, uri).catch((error) =>
        this.settings.warn(
          `${serverLabel(this.settings.server)}: could not subscribe to resource "${uri.slice(0, 200)}" again: ${errorMessage(error)}`,
        ),
      );
    }
  }

  /** The session ended: its subscriptions went with it; pending notifications no longer matter. */
  sessionEnded(): void {
    this.debounce.cancel();
    for (const uri of this.subscriptions.keys()) this.subscriptions.set(uri, undefined);
  }

  /** A resource or prompt notification of the running session. */
  notified(event: CatalogEvent): void {
    if (event.type === "resource-updated") {
      if (this.subscriptions.has(event.uri)) {
        this.settings.events.resourceUpdated(this.settings.server, { uri: event.uri });
      }
      return;
    }
    if (event.type === "prompts-changed") this.dirty.add("prompts");
    else {
      this.dirty.add("resources");
      this.dirty.add("resourceTemplates");
    }
    this.debounce.trigger();
  }

  /** Applies a listing (a live session's, or the cache's before the server runs). */
  offer(listing: Partial<CatalogListing>): void {
    const { server } = this.settings;
    const tag = <T>(items: readonly T[] | undefined) =>
      items?.map((item) => Object.freeze({ server, ...item }));
    const resources = tag(listing.resources);
    if (resources) {
      const change = diff(this.resourceList, resources, (r) => r.uri);
      this.resourceList = resources;
      if (change) this.settings.events.resourcesChanged(server, change);
    }
    const templates = tag(listing.resourceTemplates);
    if (templates) this.templateList = templates;
    const prompts = tag(listing.prompts);
    if (prompts) {
      const change = diff(this.promptList, prompts, (p) => p.name);
      this.promptList = prompts;
      if (change) this.settings.events.promptsChanged(server, change);
    }
  }

  /**
   * Subscribes to a URI's updates now (when a session runs) and on every later session. Resolves
   * with the function that unsubscribes; rejects with the running server's refusal.
   */
  async subscribe(uri: string): Promise<() => Promise<void>> {
    const known = this.subscriptions.has(uri);
    if (!known) this.subscriptions.set(uri, undefined);
    const session = this.settings.session();
    try {
      if (session && !known) await this.subscribeOn(session, uri);
    } catch (error) {
      this.subscriptions.delete(uri);
      throw error;
    }
    return async () => {
      const end = this.subscriptions.get(uri);
      this.subscriptions.delete(uri);
      // A subscribe still on the wire (a new session's, after a restart) ends itself once
      // answered: waiting for it means the server has been told when this resolves.
      await this.sending.get(uri);
      await end?.().catch(() => {});
    };
  }

  private subscribeOn(session: McpSession, uri: string): Promise<void> {
    const sent = this.sendSubscribe(session, uri);
    const settled = sent.then(
      () => {},
      () => {},
    );
    this.sending.set(uri, settled);
    void settled.then(() => {
      if (this.sending.get(uri) === settled) this.sending.delete(uri);
    });
    return sent;
  }

  private async sendSubscribe(session: McpSession, uri: string): Promise<void> {
    const end = await session.subscribeResource(uri, this.settings.timeoutMs);
    // Unsubscribed, or the session ended, while the request was on the wire.
    if (!this.subscriptions.has(uri) || this.settings.session() !== session) {
      await end().catch(() => {});
      return;
    }
    this.subscriptions.set(uri, end);
  }

  /** What a settle barrier waits for next, or undefined when nothing is pending. */
  pending(): Promise<void> | undefined {
    if (this.debounce.pending) return this.changed.next();
    return this.queue.pending?.catch(() => {});
  }

  private async relist(): Promise<void> {
    const session = this.settings.session();
    if (!session || this.dirty.size === 0) return;
    const kinds = [...this.dirty];
    this.dirty.clear();
    const { server, timeoutMs, warn } = this.settings;
    try {
      const listing = await listCatalog(server, session, { timeoutMs }, warn, kinds);
      // A listing that completes after its session was replaced is discarded.
      if (this.settings.session() !== session) return;
      this.offer(listing);
      this.settings.onListed?.({
        resources: this.strip(this.resourceList),
        resourceTemplates: this.strip(this.templateList),
        prompts: this.strip(this.promptList),
      });
    } catch (error) {
      warn(
        `${serverLabel(server)}: listing its resources or prompts failed, keeping the previous ones: ${errorMessage(error)}`,
      );
    }
  }

  private strip<T extends { server: string }>(items: readonly T[]): Omit<T, "server">[] {
    return items.map(({ server: _server, ...rest }) => rest);
  }
}

/** Added, removed and changed identities between two listings, or undefined when nothing changed. */
function diff<T>(before: readonly T[], after: readonly T[], idOf: (item: T) => string) {
  const old = new Map(before.map((item) => [idOf(item), canonicalJson(item)]));
  const next = new Map(after.map((item) => [idOf(item), canonicalJson(item)]));
  const added = [...next.keys()].filter((id) => !old.has(id));
  const removed = [...old.keys()].filter((id) => !next.has(id));
  const changed = [...next.keys()].filter((id) => old.has(id) && old.get(id) !== next.get(id));
  return added.length + removed.length + changed.length > 0 ? { added, removed, changed } : undefined;
}
