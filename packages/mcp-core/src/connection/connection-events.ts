/**
 * What happens to one server's connection, as named events on one hub: the session factory says
 * what its sessions report, the runner says when a session starts and ends, and whoever needs it
 * (the runner, the refresher, the resource catalog) listens.
 * @module
 */
import { TopicHub } from "../event-hub.js";
import type { CatalogEvent, McpSession } from "../transport/session.js";

/** The events of one connection and their arguments. */
export type ConnectionTopics = {
  /** A session is `running` (after `ready`). */
  "session-started": [session: McpSession];
  /** The running session ended (stop, close, a lost transport). */
  "session-ended": [];
  /** The server said its tool list changed. */
  "tools-changed": [];
  /** A resource or prompt notification of the session. */
  catalog: [event: CatalogEvent];
  /** A session's transport died (a crash, a lost HTTP session). */
  lost: [session: McpSession, error: Error];
};

/** The hub of one connection. */
export class ConnectionEvents extends TopicHub<ConnectionTopics> {}
