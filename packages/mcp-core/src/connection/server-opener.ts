/**
 * Opens a server and lists its tools (spawn/connect → initialize → list), the one way a start, a
 * restart attempt and a lazy server's discovery reach a server. A failure closes what was opened
 * and is classified here, once (`classifyStartFailure`), and redacted.
 * @module
 */
import type { Tool } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/server-config.js";
import { isMcpCoreError, type McpCoreError } from "../errors.js";
import { redactError } from "../redact/redact-error.js";
import type { Redactor } from "../redact/redactor.js";
import { type CatalogListing, listCatalog } from "../resources/list-catalog.js";
import { OpenFailure } from "../transport/open-session.js";
import { isEraMismatch } from "../transport/protocol-errors.js";
import type { McpSession } from "../transport/session.js";
import type { EnvEntry } from "../types.js";
import type { SessionFactory } from "./session-factory.js";
import { classifyStartFailure, type StartPhase } from "./start-failure.js";

/** An open session and its first listing. */
export interface Opened {
  session: McpSession;
  tools: Tool[];
  envEntries: EnvEntry[];
}

export class ServerOpener {
  /** The stderr tail of the last session that ended or failed to start. */
  private lastStderr: string | undefined;
  /**
   * Aborts of background discoveries in progress (close and the load signal end them); made on the
   * first discovery, as most servers of a cached catalog never run one.
   */
  private discoveries: Set<() => void> | undefined;

  constructor(
    private readonly config: ServerConfig,
    /** Opens this server's sessions and remembers the era they negotiated. */
    readonly sessions: SessionFactory,
    private readonly redactor: Redactor,
    private readonly warn: (message: string) => void,
  ) {}

  /** Opens and lists within `signal`; a `live` session reports to the connection's event hub. */
  async openAndList(signal: AbortSignal, live = true): Promise<Opened> {
    try {
      return await this.attempt(signal, live);
    } catch (error) {
      // A remembered era verdict the server no longer honours (it was upgraded or downgraded):
      // negotiate afresh, once.
      if (signal.aborted || !isEraMismatch(error) || !this.sessions.forgetProtocol()) throw error;
      return await this.attempt(signal, live);
    }
  }

  private async attempt(signal: AbortSignal, live: boolean): Promise<Opened> {
    let session: McpSession | undefined;
    let phase: StartPhase = "spawn";
    try {
      const opened = await this.sessions.open(signal, live);
      session = opened.session;
      phase = "list";
      const listing = await session.listTools({ timeoutMs: this.config.timeoutMs, signal });
      for (const warning of listing.warnings) this.warn(warning);
      return { session, tools: listing.tools, envEntries: opened.envEntries };
    } catch (error) {
      const failure = this.classify(error, phase, signal.aborted, session);
      await session?.close().catch(() => {});
      throw failure;
    }
  }

  /**
   * Lists the server's tools (and its resources, templates and prompts) on a throwaway session
   * (connect → list → close) without touching any state machine: a lazy server's background discovery on a cache miss.
   */
  async discover(): Promise<{ tools: Tool[]; catalog: Partial<CatalogListing> | undefined }> {
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    this.discoveries ??= new Set();
    const discoveries = this.discoveries;
    discoveries.add(onAbort);
    try {
      const { session, tools } = await this.openAndList(abort.signal, false);
      try {
        // The catalog is cached with the tools; a server that fails to list it still has its tools.
        const options = { timeoutMs: this.config.timeoutMs, signal: abort.signal };
        const catalog = await listCatalog(this.config.name, session, options, this.warn).catch(
          () => undefined,
        );
        return { tools, catalog };
      } finally {
        await session.close();
      }
    } finally {
      discoveries.delete(onAbort);
    }
  }

  /** The stderr tail of the last session that ended or failed to start. */
  get stderrTail(): string | undefined {
    return this.lastStderr;
  }

  /** Closes a session this opener opened, keeping its stderr tail. */
  close(session: McpSession): Promise<void> {
    this.lastStderr = session.stderrTail() ?? this.lastStderr;
    return session.close().catch(() => {});
  }

  /** Ends every discovery in progress. */
  abortDiscoveries(): void {
    for (const abort of this.discoveries ?? []) abort();
  }

  /**
   * An attempt's failure as one `McpCoreError`: what `openAndList` threw is that already (and an
   * aborted start's `startAborted`); anything else is classified here, as a failed spawn.
   */
  failure(error: unknown, aborted: boolean): McpCoreError {
    return isMcpCoreError(error) ? error : this.classify(error, "spawn", aborted);
  }

  /** Classifies and redacts a failure of `phase` (once: only here), keeping its stderr tail. */
  private classify(error: unknown, phase: StartPhase, aborted: boolean, session?: McpSession): McpCoreError {
    const stderrTail = session?.stderrTail() ?? stderrTailOf(error);
    if (stderrTail !== undefined) this.lastStderr = stderrTail;
    const server = this.config.name;
    const failure = classifyStartFailure({
      server,
      phase,
      error,
      aborted,
      timeoutMs: this.config.timeoutMs,
      stderrTail,
      tenant: this.sessions.tenant,
    });
    return redactError(failure, this.redactor);
  }
}

/** The stderr tail a failure carries: a classified error's, or the transport's `OpenFailure`'s. */
function stderrTailOf(error: unknown): string | undefined {
  if (error instanceof OpenFailure) return error.stderrTail;
  return isMcpCoreError(error) ? error.stderrTail : undefined;
}
