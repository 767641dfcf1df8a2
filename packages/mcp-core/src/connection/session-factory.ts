import type { PriorDiscovery } from "@modelcontextprotocol/client";
import type { ServerAuth } from "../auth/server-auth.js";
import type { ServerConfig } from "../config/server-config.js";
import type { ServerOutput } from "../logs/server-output.js";
import type { Redactor } from "../redact/redactor.js";
import { openSession } from "../transport/open-session.js";
import type { McpSession, NegotiatedProtocol, SessionParams } from "../transport/session.js";
import type { ChildLaunch, WatchedChild } from "../transport/spawn-child.js";
import type { EnvEntry } from "../types.js";
import type { ConnectionEvents } from "./connection-events.js";
import { childEnvironment, type LaunchEnvOptions, requestHeaders } from "./launch-env.js";
import { learnReferencedSecrets } from "./referenced-secrets.js";

/** How a stdio server's child runs: the grace of its stop, and whether it holds the host open. */
export interface ChildProcessOptions {
  /** Milliseconds between SIGTERM and SIGKILL (`killGraceMs`). */
  killGraceMs: number;
  /** A running child holds the host process open (`keepAlive`). */
  keepAlive: boolean;
  /** The child `loadMcp` spawned early for this server, if it did (see `early-spawns.ts`). */
  adopt?: ((launch: ChildLaunch) => WatchedChild | undefined) | undefined;
}

/** What is known of a server's protocol: the last session's, or the listing cache's. */
export interface KnownProtocol {
  version: string | undefined;
  /** Passed as `prior` to the next open, so it negotiates nothing. */
  verdict: PriorDiscovery;
}

/**
 * Opens sessions for one server: resolves its env and headers at every open (so a changed envFile
 * applies on restart) and remembers the era each session negotiated, so the next open (a restart,
 * a lazy start after a discovery) skips the negotiation. What a live session reports (a tool-list
 * change, a catalog notification, a lost transport) goes to the connection's event hub.
 */
export class SessionFactory {
  /** The era verdict the next open starts from; undefined means negotiate. */
  private known: KnownProtocol | undefined;
  /** The protocol of the latest session that opened. */
  lastProtocol: NegotiatedProtocol | undefined;
  /** The latest session's instructions, else the listing cache's (redacted when cached). */
  instructions: string | undefined;
  private opened = false;
  /** The child of the live open in progress, once it runs (a stdio server's pid while starting). */
  private spawnedPid: number | undefined;

  constructor(
    private readonly config: ServerConfig,
    private readonly launch: LaunchEnvOptions,
    private readonly child: ChildProcessOptions,
    private readonly clientHandlers: SessionParams["clientHandlers"],
    /** Learns the values this server is given, as they are resolved. */
    private readonly redactor: Redactor,
    private readonly maxFrameBytes: number,
    /** The server's OAuth, when its config has `auth`. */
    readonly auth: ServerAuth | undefined,
    /** Where the server's log messages and stderr lines go. */
    private readonly output: ServerOutput | undefined,
    /** Where live sessions report what happens to them. */
    private readonly events: ConnectionEvents,
    /** Live sessions follow the server's tool-list changes (`liveToolList`). */
    private readonly followToolList: boolean,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Spawns or connects and initializes; `envEntries` are the child's env names and origins. A
   * `live` session reports to the event hub; a throwaway one (a discovery) follows nothing.
   */
  async open(signal: AbortSignal, live: boolean): Promise<{ session: McpSession; envEntries: EnvEntry[] }> {
    const env = await childEnvironment(this.config, this.launch);
    this.redactor.addEnv(env.env);
    learnReferencedSecrets(this.config, this.launch.parentEnv, this.redactor);
    const headers = requestHeaders(this.config, this.launch);
    await this.auth?.ready();
    let opened: McpSession | undefined;
    const { events } = this;
    const reports: Pick<SessionParams, "onListChanged" | "onCatalogEvent" | "onLost" | "onWarning"> = live
      ? {
          onListChanged: this.followToolList ? () => events.emit("tools-changed") : undefined,
          onCatalogEvent: (event) => events.emit("catalog", event),
          onLost: (error) => opened && events.emit("lost", opened, error),
          onWarning: this.warn,
        }
      : { onListChanged: undefined, onLost: () => {}, onWarning: this.warn };
    if (live) this.spawnedPid = undefined;
    const opening = openSession({
      config: this.config,
      tenant: this.launch.tenant,
      childEnv: env.env,
      headers: async () => {
        const resolved = await headers();
        this.redactor.addHeaders(resolved);
        return resolved;
      },
      timeoutMs: this.config.timeoutMs,
      killGraceMs: this.child.killGraceMs,
      keepAlive: this.child.keepAlive,
      adoptChild: this.child.adopt,
      maxFrameBytes: this.maxFrameBytes,
      signal,
      prior: this.known?.verdict,
      auth: this.auth,
      clientHandlers: this.clientHandlers,
      output: this.output,
      onChildSpawned: live
        ? (pid) => {
            this.spawnedPid = pid;
          }
        : undefined,
      ...reports,
    });
    // A failed open's child is gone; an open one's stays the pid while the tools are listed.
    const session = await opening.catch((error: unknown) => {
      if (live) this.spawnedPid = undefined;
      throw error;
    });
    opened = session;
    this.lastProtocol = session.protocol;
    this.instructions = session.instructions;
    this.opened = true;
    this.known = { version: session.protocol.version, verdict: session.protocol.verdict };
    return { session, envEntries: env.entries };
  }

  /** The pid of the stdio child of the latest live open, while its start is in progress. */
  /** The tenant of a `perTenant` server's instance, for what its messages tell the host. */
  get tenant(): string | undefined {
    return this.launch.tenant;
  }

  get startingPid(): number | undefined {
    return this.spawnedPid;
  }

  /** What the next open starts from (the listing cache stores it). */
  get protocol(): KnownProtocol | undefined {
    return this.known;
  }

  /** Adopts a verdict from the listing cache, unless a session already negotiated one. */
  adoptProtocol(known: KnownProtocol): void {
    this.known ??= known;
  }

  /** Adopts instructions from the listing cache, unless a session already brought its own. */
  adoptInstructions(instructions: string | undefined): void {
    if (!this.opened) this.instructions = instructions;
  }

  /** Drops the remembered verdict (an open that used it failed); true when there was one. */
  forgetProtocol(): boolean {
    // Only an "auto" server connects from the verdict; a pinned one never used it.
    const used = this.known !== undefined && this.config.protocol === "auto";
    this.known = undefined;
    return used;
  }
}
