import type { ServerConfig } from "../config/server-config.js";
import type { Redactor } from "../redact/redactor.js";
import { learnReferencedSecrets } from "../redact/referenced-secrets.js";
import { type McpSession, openSession, type SessionParams } from "../transport/session.js";
import type { EnvEntry } from "../types.js";
import { childEnvironment, type LaunchEnvOptions, requestHeaders } from "./launch-env.js";

/** What a session of this server reports back to its connection. */
export interface SessionCallbacks {
  onListChanged: (() => void) | undefined;
  onWarning: ((message: string) => void) | undefined;
  onLost: (error: Error) => void;
}

/**
 * Opens sessions for one server: resolves its env and headers at every open (so a changed envFile
 * applies on restart); a failure is classified by `classifyStartFailure`.
 */
export class SessionFactory {
  constructor(
    private readonly config: ServerConfig,
    private readonly launch: LaunchEnvOptions,
    private readonly killGraceMs: number,
    private readonly onElicitation: SessionParams["onElicitation"] | undefined,
    /** Learns the values this server is given, as they are resolved. */
    private readonly redactor: Redactor,
    private readonly maxFrameBytes: number,
  ) {}

  /** Spawns or connects and initializes; `envEntries` are the child's env names and origins. */
  async open(
    signal: AbortSignal,
    callbacks: SessionCallbacks,
  ): Promise<{ session: McpSession; envEntries: EnvEntry[] }> {
    const env = await childEnvironment(this.config, this.launch);
    this.redactor.addEnv(env.env);
    learnReferencedSecrets(this.config, this.launch.parentEnv, this.redactor);
    const headers = requestHeaders(this.config, this.launch);
    const session = await openSession({
      config: this.config,
      childEnv: env.env,
      headers: async () => {
        const resolved = await headers();
        this.redactor.addHeaders(resolved);
        return resolved;
      },
      timeoutMs: this.config.timeoutMs,
      killGraceMs: this.killGraceMs,
      maxFrameBytes: this.maxFrameBytes,
      signal,
      onElicitation: this.onElicitation,
      ...callbacks,
    });
    return { session, envEntries: env.entries };
  }
}
