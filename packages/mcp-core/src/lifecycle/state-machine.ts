import type { ConnectionState } from "../types.js";

/** What can happen to a connection. */
export type ConnectionEvent =
  | { type: "start" }
  | { type: "ready" }
  | { type: "fail"; error: Error }
  | { type: "lost"; error: Error }
  | { type: "stop" };

/**
 * The allowed transitions: only `stopped` and `error` may start; a start ends `running` or
 * `error`; a running connection that loses its transport goes to `error`; anything may stop.
 * Returns undefined for an event the state does not accept.
 */
export function transition(state: ConnectionState, event: ConnectionEvent): ConnectionState | undefined {
  switch (event.type) {
    case "start":
      return state === "stopped" || state === "error" ? "starting" : undefined;
    case "ready":
      return state === "starting" ? "running" : undefined;
    case "fail":
      return state === "starting" ? "error" : undefined;
    case "lost":
      return state === "running" ? "error" : undefined;
    case "stop":
      return "stopped";
  }
}
