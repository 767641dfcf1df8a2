/**
 * The modern era's tool-list notifications: a `subscriptions/listen` stream the session keeps open.
 * The client does not re-listen on its own when the server ends the stream, so this does, under the
 * same floor as a Streamable HTTP GET stream; a stream that cannot be reopened ends the session
 * (its connection then restarts it under the bounded backoff), because on HTTP that stream is the
 * only sign of a server that went away between calls.
 * @module
 */
import type { Client, McpSubscription, SubscriptionFilter } from "@modelcontextprotocol/client";
import { McpCoreError } from "../errors.js";
import { serverLabel } from "../server-message.js";
import { StreamReconnectFloor } from "./stream-reconnect-floor.js";

/** What a session learns from its subscription. */
export interface ToolListSubscription {
  /** The server honoured `toolsListChanged`: it will notify. */
  readonly offered: boolean;
  /** What the server honoured of the filter. */
  readonly honored: SubscriptionFilter;
  close(): Promise<void>;
}

/**
 * Subscribes to `notifications/tools/list_changed` (delivered to the client's notification
 * handler, as on the legacy era), or to what `filter` asks for (resource and prompt list changes, a
 * resource's updates). Resolves once the server acknowledged; rejects when it refused.
 */
export async function subscribeToolList(
  client: Client,
  server: string,
  timeoutMs: number,
  onLost: (error: Error) => void,
  filter: SubscriptionFilter = { toolsListChanged: true },
): Promise<ToolListSubscription> {
  const floor = new StreamReconnectFloor();
  let closed = false;
  let current: McpSubscription | undefined;

  const lost = (detail: string, cause?: unknown) => {
    if (closed) return;
    onLost(
      new McpCoreError("CONNECTION_CLOSED", `${serverLabel(server)} ended its subscription stream${detail}`, {
        server,
        cause,
      }),
    );
  };

  const open = async (): Promise<McpSubscription> => {
    const subscription = await client.listen(filter, { timeout: timeoutMs });
    floor.afterGet();
    current = subscription;
    void subscription.closed.then((how) => {
      if (closed || how === "local") return;
      void reopen();
    });
    return subscription;
  };

  const reopen = async () => {
    const decision = floor.beforeGet();
    if ("exhausted" in decision) return lost(` ${decision.quickDrops} times right after opening it`);
    if (decision.delayMs > 0) await delay(decision.delayMs);
    if (closed) return;
    try {
      await open();
    } catch (error) {
      lost(" and refused a new one", error);
    }
  };

  const first = await open();
  return {
    offered: first.honoredFilter.toolsListChanged === true,
    honored: first.honoredFilter,
    close: async () => {
      closed = true;
      await current?.close().catch(() => {});
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
