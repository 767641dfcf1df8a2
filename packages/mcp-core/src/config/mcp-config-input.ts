/**
 * The typed shape of a config object, so an editor flags a mistyped key (`comand`, `argz`) before
 * anything runs. It mirrors what `parseConfig` accepts; the checks at run time stay the contract.
 * @module
 */

import type { DriftPolicy } from "../drift-types.js";
import type { EntryResultBudget } from "../results/result-budget-options.js";
import type { Root } from "../roots/root.js";
import type { ProtocolSetting } from "./protocol-setting.js";
import type {
  AuthInput,
  AutoRestartOptions,
  HeadersInput,
  HealthCheckOptions,
  InheritEnv,
  ToolFilter,
} from "./server-config.js";

/**
 * A server entry's `tools`: raw tool name → boolean (the allow/drop map: any `true` ⇒ allow list, all
 * `false` ⇒ drop list), and `include` / `exclude` glob lists (`*`, `?`) on raw names. A tool is kept
 * when it passes the map, matches `include` (when given) and matches no `exclude`. The value's type
 * decides, so a tool literally named `include` takes a boolean.
 */
export interface McpToolSelection {
  /** Globs on raw names: only a tool matching one is kept. */
  readonly include?: readonly string[] | boolean | undefined;
  /** Globs on raw names: a tool matching one is dropped. */
  readonly exclude?: readonly string[] | boolean | undefined;
  /** A boolean per raw tool name (an array is only valid under `include` / `exclude`). */
  readonly [rawName: string]: boolean | readonly string[] | undefined;
}

/** Keys any server entry may carry, in every dialect (Claude/Cursor, VS Code, opencode/toolnexus). */
export interface McpServerEntryOptions {
  /** `stdio`/`local`, or `http`/`streamable-http`/`streamableHttp`/`remote` (Streamable HTTP), `sse` (legacy SSE). */
  type?: "stdio" | "local" | "http" | "streamable-http" | "streamableHttp" | "remote" | "sse" | undefined;
  /** A command, or argv whose tail goes before `args`. */
  command?: string | readonly string[] | undefined;
  args?: readonly string[] | undefined;
  /** Explicit env; values may reference `${VAR}` from the parent env. */
  env?: Readonly<Record<string, string>> | undefined;
  /** opencode's name for `env`; both present ⇒ merged, `env` wins. */
  environment?: Readonly<Record<string, string>> | undefined;
  /** A dotenv file, relative to the config file (or the working directory). */
  envFile?: string | undefined;
  cwd?: string | undefined;
  /** An `http:` or `https:` URL without credentials (send those in `headers`). */
  url?: string | undefined;
  /** Header values may reference `${VAR}`; a function is called for every request. */
  headers?: HeadersInput | undefined;
  enabled?: boolean | undefined;
  disabled?: boolean | undefined;
  /** Milliseconds per phase (connect, list, call), 1 … 2147483647. @default 30000 */
  timeout?: number | undefined;
  lazy?: boolean | undefined;
  idleTimeoutMs?: number | undefined;
  /**
   * An instance per tenant (`McpCallContext.tenant`): a child, session and token of its own, made on
   * the tenant's first call; `{}` for the defaults. Absent: every call shares one instance.
   */
  perTenant?: { maxInstances?: number | undefined; idleTimeoutMs?: number | undefined } | undefined;
  inheritEnv?: InheritEnv | undefined;
  autoRestart?: AutoRestartOptions | undefined;
  healthCheck?: HealthCheckOptions | undefined;
  liveToolList?: boolean | undefined;
  /** `"auto"` negotiates the protocol era; a version pins it. @default "auto" */
  protocol?: ProtocolSetting | undefined;
  /**
   * This server's own roots (directories, relative to the config file, or `file:` URIs): it is
   * offered these instead of the load's `roots`, and `setRoots` does not change them.
   */
  roots?: readonly (string | Root)[] | undefined;
  /** OAuth of a remote server. */
  auth?: AuthInput | undefined;
  /** Which tools are offered: allow/drop map and `include` / `exclude` globs on raw tool names. */
  tools?: McpToolSelection | undefined;
  /** Config objects only: called for each tool that passed `tools`; `false` drops it. */
  toolFilter?: ToolFilter | undefined;
  /** Call timeout in milliseconds per raw tool name (a call's own `timeout` wins), 1 … 2147483647. */
  toolTimeouts?: Readonly<Record<string, number>> | undefined;
  /**
   * This server's result budget (SPEC §7.12) over the load option's: `maxTokens`, `warnTokens`, and
   * `tools` by raw tool name with a tool's own (they win over the server's `_meta` hint).
   */
  resultBudget?: EntryResultBudget | undefined;
  /**
   * Call these `taskSupport: "optional"` tools as MCP tasks: those whose raw name matches a glob
   * (`["*"]` for all). A call's own `task` wins. `required` tools always are.
   */
  taskTools?: readonly string[] | undefined;
  /**
   * What a drift of this server's tool definitions from the approved ones (its pins) does:
   * `"accept"`, `"hold"` or `"block"` (SPEC "Pins and drift"). @default the load option `drift`
   */
  drift?: DriftPolicy | undefined;
  /** Defer this server's tools behind the adapters' tool search (`true`) or never (`false`). */
  defer?: boolean | undefined;
  /** The most characters of a tool description the model sees (an integer ≥ 128; the load option's otherwise). */
  maxDescriptionChars?: number | undefined;
  /** The most characters of the instructions `instructionsPrompt` gives the model (an integer ≥ 128). */
  maxInstructionsChars?: number | undefined;
  /**
   * `false` withholds sampling from this server: no capability declared, no request answered, even
   * with the load option `onSampling`. Only the config author decides; a server cannot turn it on.
   * (Named apart from the load option `sampling`, an object; the entry's earlier `sampling` key is
   * refused.)
   */
  allowSampling?: boolean | undefined;
}

/** A local (stdio) server: it has a `command`. */
export interface McpLocalServerEntry extends McpServerEntryOptions {
  command: string | readonly string[];
}

/** A remote server: it has a `url`. */
export interface McpRemoteServerEntry extends McpServerEntryOptions {
  url: string;
}

/** One server entry: a `command` (local) or a `url` (remote); `type` decides when both are given. */
export type McpServerEntry = McpLocalServerEntry | McpRemoteServerEntry;

/** Server name → entry. */
export type McpServerMap = Readonly<Record<string, McpServerEntry>>;

/** Top-level keys beside the wrappers that editors write and the parser ignores. */
interface McpConfigExtras {
  $schema?: string | undefined;
  /** VS Code's input variables. */
  inputs?: readonly unknown[] | undefined;
}

/** Claude Desktop, Cursor, Claude Code: `{ mcpServers: { … } }` (other wrappers may sit beside it). */
export interface McpServersConfig extends McpConfigExtras {
  mcpServers: McpServerMap;
  servers?: McpServerMap | undefined;
  mcp?: McpServerMap | undefined;
}

/** VS Code: `{ servers: { … } }`. */
export interface VsCodeServersConfig extends McpConfigExtras {
  mcpServers?: McpServerMap | undefined;
  servers: McpServerMap;
  mcp?: McpServerMap | undefined;
}

/** opencode, toolnexus: `{ mcp: { … } }`. */
export interface OpencodeMcpConfig extends McpConfigExtras {
  mcpServers?: McpServerMap | undefined;
  servers?: McpServerMap | undefined;
  mcp: McpServerMap;
}

/**
 * A config object as `loadMcp` and `parseConfig` take it: one of the three wrapper dialects, or a
 * bare map of server name → entry. Data of unknown shape (parsed JSON is `any`; an `object` needs
 * `as McpConfigInput`) is still checked fully at run time.
 */
export type McpConfigInput = McpServersConfig | VsCodeServersConfig | OpencodeMcpConfig | McpServerMap;
