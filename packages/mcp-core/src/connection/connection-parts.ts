/**
 * The parts one server's connection is composed of, built once from its config and the source's
 * deps: what redacts and routes its output, its tool listing, its idle timer, what opens its
 * sessions and what refreshes its tools. The runner and the call path are handed these parts.
 * @module
 */
import type { ServerConfig } from "../config/server-config.js";
import { ServerOutput } from "../logs/server-output.js";
import type { LifecycleState } from "../machine/lifecycle-state.js";
import { Redactor } from "../redact/redactor.js";
import { IdleStop } from "../supervision/idle-stop.js";
import { Pulse } from "../timing/pulse.js";
import { ServerListing } from "../tools/server-listing.js";
import type { ToolCaller } from "../tools/tool-wrapper.js";
import type { ConnectionDeps } from "./connection-deps.js";
import type { ConnectionEvents } from "./connection-events.js";
import { serverClientHandlers } from "./server-client-handlers.js";
import { ServerOpener } from "./server-opener.js";
import { ServerRefresh } from "./server-refresh.js";
import { SessionFactory } from "./session-factory.js";

/** The parts of one connection. */
export interface ConnectionParts {
  /** The values of this server's headers and credential-shaped env, kept out of what we surface. */
  redactor: Redactor;
  /** Every warning about this server, redacted. */
  warn: (message: string) => void;
  /** The server's log messages and stderr lines on their way to the host. */
  output: ServerOutput;
  /** The one writer of this server's tool generation. */
  listing: ServerListing;
  /** A lazy server's idle timeout. */
  idle: IdleStop;
  /** Opens the server and lists its tools; remembers the last stderr tail. */
  opener: ServerOpener;
  refresher: ServerRefresh;
  /** Fires after every transition and every debounced notification: the settle barrier re-checks. */
  changed: Pulse;
}

/** What the parts ask of the machine they serve; read when called, so it may be made after them. */
export interface MachineAccess {
  state(): LifecycleState;
  start(): Promise<void>;
  stop(reason: "idle"): Promise<void>;
}

/** Builds the parts of `config`'s connection; `caller` is what its tool wrappers call. */
export function connectionParts(
  config: ServerConfig,
  deps: ConnectionDeps,
  machine: MachineAccess,
  caller: ToolCaller,
  events: ConnectionEvents,
): ConnectionParts {
  const redactor = new Redactor();
  const warn = (message: string) => deps.warn(redactor.redact(message));
  const output = new ServerOutput(config.name, deps.output, redactor);
  const sessions = new SessionFactory(
    config,
    deps.launch,
    deps.child,
    serverClientHandlers(config, deps.client, warn),
    redactor,
    deps.maxFrameBytes,
    deps.createAuth?.(config, redactor, warn, () => void machine.start().catch(() => {}), deps.tenant),
    output,
    events,
    deps.liveToolList,
    warn,
  );
  const onListing = deps.onListing;
  const listing = new ServerListing(
    config,
    deps.registry,
    caller,
    onListing && ((tools) => onListing(tools, sessions.protocol, redactor.redact(sessions.instructions))),
    warn,
    deps.pins,
  );
  const idle = new IdleStop(
    deps.lazy ? config.idleTimeoutMs : undefined,
    () => machine.state().kind === "running",
    () => void machine.stop("idle").catch(() => {}),
  );
  const changed = new Pulse();
  const refresher = new ServerRefresh(
    config,
    () => {
      const state = machine.state();
      return state.kind === "running" ? state : undefined;
    },
    listing,
    warn,
    deps.listChangedDebounceMs,
    changed,
  );
  events.on("tools-changed", () => refresher.notified());
  const opener = new ServerOpener(config, sessions, redactor, warn);
  return { redactor, warn, output, listing, idle, opener, refresher, changed };
}
