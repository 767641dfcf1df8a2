/**
 * Which floor a Streamable HTTP GET goes through. The SDK sends a GET for two streams: the
 * standalone notification stream (opened after `initialized`, reopened when it drops) and the
 * resumption of a request's response stream that the server closed after an event with an `id`
 * (SEP-1699: it waits the server's `retry:`, then GETs with `Last-Event-ID`). Only the first is
 * the notification stream's quick-drop floor's business: a resumption it delayed would come later
 * than the server's `retry:` asks (and a resumption counted there would shorten the notification
 * stream's budget). A resumption goes through a floor of its own response stream instead, whose
 * first resumption is free: a server that closes the same response stream at once again and again
 * is held back and given up like a notification stream that does so.
 * @module
 */
import { MAX_EVENT_ID_BYTES } from "./sse-event-ids.js";
import { StreamReconnectFloor } from "./stream-reconnect-floor.js";

/** Response streams' event ids remembered, the oldest forgotten first. */
export const MAX_TRACKED_EVENT_IDS = 256;

/** The stream a GET is for, and the floor it waits on. */
export interface GetStreamRoute {
  stream: "notification" | "response";
  floor: StreamReconnectFloor;
  /** Records an event id seen on this GET's stream (a response stream's ids name it). */
  onEventId: ((id: string) => void) | undefined;
}

/** Per transport: the notification stream's floor, and one per response stream that was resumed. */
export class GetStreamFloors {
  private readonly notification = new StreamReconnectFloor();
  /** Event id → the floor of the response stream that carried it. */
  private readonly responseIds = new Map<string, StreamReconnectFloor>();

  /** Where a GET carrying `lastEventId` (its `Last-Event-ID`, if any) goes. */
  route(lastEventId: string | null | undefined): GetStreamRoute {
    const response = lastEventId ? this.responseIds.get(lastEventId) : undefined;
    if (!response) return { stream: "notification", floor: this.notification, onEventId: undefined };
    return { stream: "response", floor: response, onEventId: this.recorder(response) };
  }

  /** The id recorder of a request's new response stream (a POST answered with an event stream). */
  responseStream(): (id: string) => void {
    return this.recorder(new StreamReconnectFloor());
  }

  private recorder(floor: StreamReconnectFloor): (id: string) => void {
    return (id) => {
      if (id.length > MAX_EVENT_ID_BYTES) return;
      this.responseIds.delete(id);
      this.responseIds.set(id, floor);
      if (this.responseIds.size > MAX_TRACKED_EVENT_IDS) {
        const oldest = this.responseIds.keys().next().value;
        if (oldest !== undefined) this.responseIds.delete(oldest);
      }
    };
  }
}
