import type { Tool } from "@modelcontextprotocol/client";
import type { ResolvedAutoRestart, ResolvedHealthCheck } from "../options.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { SessionParams } from "../transport/session.js";
import type { ConnectionState, StateInfo } from "../types.js";
import type { LaunchEnvOptions } from "./launch-env.js";
import type { KnownProtocol } from "./session-factory.js";

/** Everything a connection needs from the source. */
export interface ConnectionDeps {
  registry: ToolRegistry;
  autoRestart: ResolvedAutoRestart;
  healthCheck: ResolvedHealthCheck;
  liveToolList: boolean;
  listChangedDebounceMs: number;
  lazy: boolean;
  killGraceMs: number;
  maxFrameBytes: number;
  launch: LaunchEnvOptions;
  signal: AbortSignal | undefined;
  onElicitation: SessionParams["onElicitation"];
  onState: (server: string, state: ConnectionState, info: StateInfo) => void;
  warn: (message: string) => void;
  /** Called with every listing fetched from the server and its era (the lazy cache keeps both). */
  onListing: ((tools: Tool[], protocol: KnownProtocol | undefined) => void) | undefined;
}
