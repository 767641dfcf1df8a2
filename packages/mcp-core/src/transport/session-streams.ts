/**
 * The modern era's `subscriptions/listen` streams of one session: the list-change stream it opens
 * while starting and one stream per subscribed resource, all ended with the session.
 * @module
 */
import type { Client, ServerCapabilities, SubscriptionFilter } from "@modelcontextprotocol/client";
import { errorMessage } from "../errors.js";
import { serverLabel } from "../server-message.js";
import type { CatalogEvent } from "./session-callbacks.js";
import { subscribeToolList, type ToolListSubscription } from "./tool-list-subscription.js";

/** What a session's streams need of it. */
export interface SessionStreamsContext {
  client: Client;
  server: string;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  onWarning: ((message: string) => void) | undefined;
  /** Ends the session: a stream that cannot be reopened. */
  lost: (error: Error) => void;
  /** Why the session ended, or undefined while it lives. */
  lossError: () => Error | undefined;
}

/** What the host follows, for the list-change filter. */
export interface ListenInterest {
  onListChanged: (() => void) | undefined;
  onCatalogEvent?: ((event: CatalogEvent) => void) | undefined;
}

/** The modern era's `subscriptions/listen` filter: what the host follows and the server offers. */
export function listenFilter(
  offers: ServerCapabilities | undefined,
  interest: ListenInterest,
  toolListUpdates: "live" | "unsupported",
): SubscriptionFilter {
  const filter: SubscriptionFilter = {};
  if (interest.onListChanged && toolListUpdates === "live") filter.toolsListChanged = true;
  if (interest.onCatalogEvent && offers?.resources?.listChanged) filter.resourcesListChanged = true;
  if (interest.onCatalogEvent && offers?.prompts?.listChanged) filter.promptsListChanged = true;
  return filter;
}

/** One session's listen streams. */
export class SessionStreams {
  /** Set once the list-change stream is open. */
  private listChanges: ToolListSubscription | undefined;
  private readonly resourceStreams = new Set<ToolListSubscription>();

  constructor(private readonly context: SessionStreamsContext) {}

  /**
   * Opens the list-change stream for `filter`. Resolves whether the server will report tool-list
   * changes: a server that refuses the stream still runs (false; the host hears why), but an
   * abort, or the session ending under the request, rejects.
   */
  async listen(filter: SubscriptionFilter): Promise<boolean> {
    const { server, signal } = this.context;
    try {
      this.listChanges = await this.open(filter, this.context.timeoutMs);
      return this.listChanges.offered;
    } catch (error) {
      if (signal?.aborted) throw error;
      // The session ended under the request (the server is gone: on a known modern verdict listen
      // is the first request that reaches it): nothing was refused, the start fails with why it ended.
      const lost = this.context.lossError();
      if (lost) throw lost.cause instanceof Error ? lost.cause : lost;
      this.context.onWarning?.(
        `${serverLabel(server)} refused to report tool-list changes (subscriptions/listen: ${errorMessage(error)}); refresh() still re-lists it`,
      );
      return false;
    }
  }

  /** A stream for one resource's updates; resolves the function that ends it. */
  async subscribeResource(uri: string, timeoutMs: number): Promise<() => Promise<void>> {
    const stream = await this.open({ resourceSubscriptions: [uri] }, timeoutMs);
    this.resourceStreams.add(stream);
    return async () => {
      this.resourceStreams.delete(stream);
      await stream.close();
    };
  }

  /** Ends every stream without waiting (the session was lost). */
  abandon(): void {
    void this.listChanges?.close();
    for (const stream of this.resourceStreams) void stream.close();
  }

  /** Ends every stream: the list-change stream first. */
  async close(): Promise<void> {
    await this.listChanges?.close();
    await Promise.all([...this.resourceStreams].map((stream) => stream.close()));
  }

  private open(filter: SubscriptionFilter, timeoutMs: number): Promise<ToolListSubscription> {
    const { client, server, lost } = this.context;
    return subscribeToolList(client, server, timeoutMs, lost, filter);
  }
}
