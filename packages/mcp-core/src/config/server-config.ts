/**
 * The normalized, validated shape of one server entry, whatever config dialect it came from.
 * @module
 */

import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { ToolAnnotations } from "../content-types.js";
import type { DriftPolicy } from "../drift-types.js";
import type { InheritEnv } from "../env/inherit-rule.js";
import type { EntryResultBudget } from "../results/result-budget-options.js";
import type { ResolvedRoot } from "../roots/root.js";
import type { JsonSchemaObject } from "../tool-types.js";
import type { DpopInput } from "./dpop-input.js";
import type { EnterpriseManagedAuthInput, WorkloadIdentityAuthInput } from "./enterprise-auth.js";
import type { ProtocolSetting } from "./protocol-setting.js";

/** Restart policy for a server whose transport closes or whose HTTP session is lost. */
export interface AutoRestartOptions {
  /**
   * The switch: `false` turns restarts off (a server's own `{ enabled: false }` over a load-level
   * policy, say). An object given without it turns them on. @default true
   */
  enabled?: boolean | undefined;
  /** Failed attempts before giving up. @default 10 */
  maxRetries?: number | undefined;
  /** Delay before the first attempt. @default 500 */
  initialDelayMs?: number | undefined;
  /** Cap of the doubling delay. @default 30000 */
  maxDelayMs?: number | undefined;
  /** A connection `running` this long resets the attempt budget. @default 30000 */
  stableAfterMs?: number | undefined;
}

/** Ping policy that detects a hung server (process alive, not answering). */
export interface HealthCheckOptions {
  /**
   * The switch: the policy is off until an object is given (`{}` for the defaults); `false`
   * turns it off again (a server's own over a load-level policy). @default true once given
   */
  enabled?: boolean | undefined;
  /** Time between pings. @default 30000 */
  intervalMs?: number | undefined;
  /** Time a ping may take. @default 10000 */
  timeoutMs?: number | undefined;
  /** Missed pings in a row that count as a dead transport. @default 2 */
  failures?: number | undefined;
}

// The env rules own the setting's shape; the config names it for the entries that carry it.
export type { InheritEnv };

/** Request headers, or (config objects only) a function called for every request. */
export type HeadersInput =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>);

/** What a server entry's `toolFilter` is called with: one tool of the server's listing (read-only). */
export interface ToolFilterInput {
  /** The server's name in the config. */
  readonly server: string;
  /** The tool's raw (server-side) name. */
  readonly name: string;
  readonly title: string | undefined;
  /** The tool's description, `""` when it has none. */
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly annotations: ToolAnnotations | undefined;
}

/**
 * A server entry's own tool predicate (config objects only): `true` keeps the tool, `false` drops
 * it. A filter that throws or answers anything but a boolean keeps that tool (one warning per server).
 */
export type ToolFilter = (tool: ToolFilterInput) => boolean;

/**
 * `perTenant` resolved (SPEC §23.3): a call with a `tenant` goes to that tenant's own instance of the
 * server, made on its first call and closed after `idleTimeoutMs` without a call; past
 * `maxInstances` the least recently used idle instance is closed for a new one.
 */
export interface PerTenant {
  /** The most tenant instances of this server at once. @default 32 */
  maxInstances: number;
  /** A tenant instance with no call in flight for this long is closed. @default 300000 */
  idleTimeoutMs: number;
}

/** Settings every server has. */
export interface ServerConfigBase {
  /** The server's key in the config, `[A-Za-z0-9_-]{1,32}`. */
  name: string;
  /** false when the entry says `enabled: false` or `disabled: true`. */
  enabled: boolean;
  /** Milliseconds per phase (connect, list, call). @default 30000 */
  timeoutMs: number;
  /** Connect on first use; undefined means the load option decides. */
  lazy?: boolean;
  /** Stop a lazily started server after this long without a call. */
  idleTimeoutMs?: number;
  /** An instance (a child, a session, a token) per tenant; absent: one instance shared by every call. */
  perTenant?: PerTenant;
  /** Overrides the load option for this server. */
  autoRestart?: AutoRestartOptions;
  /** Overrides the load option for this server. */
  healthCheck?: HealthCheckOptions;
  /** Overrides the load option for this server. */
  liveToolList?: boolean;
  /** `"auto"` negotiates the protocol era; a version pins it. @default "auto" */
  protocol: ProtocolSetting;
  /** Defer this server's tools behind the adapters' tool search (`true`) or never (`false`). */
  defer?: boolean;
  /** Overrides the load option: the most characters of a tool description the model sees. */
  maxDescriptionChars?: number;
  /** Overrides the load option: the most characters of the instructions `instructionsPrompt` gives. */
  maxInstructionsChars?: number;
  /** Allow/drop map on raw tool names: any `true` ⇒ allow list, all `false` ⇒ drop list. */
  tools?: Record<string, boolean>;
  /** `tools.include`: globs on raw names; only a tool matching one is kept. */
  toolsInclude?: string[];
  /** `tools.exclude`: globs on raw names; a tool matching one is dropped. */
  toolsExclude?: string[];
  /** Config objects only: called for each tool that passed `tools`; `false` drops it. */
  toolFilter?: ToolFilter;
  /** Call timeout in milliseconds per raw tool name; a call's own `timeout` wins, `timeoutMs` is the rest's. */
  toolTimeouts?: Record<string, number>;
  /** The result budget of this server and, by raw name, of its tools (SPEC §7.12). */
  resultBudget?: EntryResultBudget;
  /**
   * `false`: this server is declared no sampling and its requests are not answered, whatever
   * `onSampling`. A switch apart from the load option `sampling` (an object: how sampling is bounded).
   */
  allowSampling?: boolean;
  /** What a drift from this server's pins does (SPEC "Pins and drift"); the load's `drift` when absent. */
  drift?: DriftPolicy;
  /** The server's own roots (`file:` URIs), replacing the load's for this server. */
  roots?: ResolvedRoot[];
  /**
   * Which tools whose `execution.taskSupport` is `optional` are called as tasks: those whose raw
   * name matches a glob (`["*"]` for all; none when absent). A call's own `task` wins.
   */
  taskTools?: string[];
}

/** A server run as a child process speaking MCP over stdio. */
export interface StdioServerConfig extends ServerConfigBase {
  transport: "stdio";
  command: string;
  args: string[];
  /** Explicit env, values unexpanded (`${VAR}` is resolved at spawn time). */
  env: Record<string, string>;
  /** A dotenv file whose entries count as explicit env (explicit `env` wins). */
  envFile?: string;
  cwd?: string;
  /** undefined ⇒ the load option `defaultInheritEnv` decides. */
  inheritEnv?: InheritEnv;
}

/**
 * OAuth of a remote server: interactive authorization code with PKCE (`oauth`: a client metadata
 * document when `clientMetadataUrl` is given and the server supports it, else `clientId`, else
 * dynamic registration), the headless `client_credentials` grant (a secret or a private key file),
 * the enterprise flows (`enterprise_managed`, `workload_identity`: `enterprise-auth.ts`), or, in a
 * config object, the host's own `OAuthClientProvider`. Strings may hold `${VAR}`.
 *
 * `issuer` pins the authorization server: any other one the server names fails its start. Without
 * it, a configured `clientSecret` or `privateKeyFile` goes only to an issuer on the server URL's
 * origin. Either way a token is used only for the configured server (its protected-resource
 * metadata must name it).
 */
export type AuthInput =
  | {
      type: "oauth";
      clientId?: string | undefined;
      clientSecret?: string | undefined;
      clientMetadataUrl?: string | undefined;
      scopes?: readonly string[] | undefined;
      redirectUrl?: string | undefined;
      /** The authorization server's issuer: an https URL, or http on a loopback host. */
      issuer?: string | undefined;
      /**
       * Hosts (names, IP addresses, CIDR ranges) the server's OAuth URLs may reach although they
       * are on a private, loopback, link-local or metadata address (SPEC §3.5.11).
       */
      allowPrivateHosts?: readonly string[] | undefined;
      /**
       * DPoP (RFC 9449): absent, tokens are DPoP-bound when the authorization server advertises
       * ES256; `{}` asks for it always (a Bearer answer is refused); `{ enabled: false }` never.
       */
      dpop?: DpopInput | undefined;
    }
  | {
      type: "client_credentials";
      clientId: string;
      clientSecret?: string | undefined;
      privateKeyFile?: string | undefined;
      scopes?: readonly string[] | undefined;
      /** The authorization server's issuer: an https URL, or http on a loopback host. */
      issuer?: string | undefined;
      /**
       * Hosts (names, IP addresses, CIDR ranges) the server's OAuth URLs may reach although they
       * are on a private, loopback, link-local or metadata address (SPEC §3.5.11).
       */
      allowPrivateHosts?: readonly string[] | undefined;
      /**
       * DPoP (RFC 9449): absent, tokens are DPoP-bound when the authorization server advertises
       * ES256; `{}` asks for it always (a Bearer answer is refused); `{ enabled: false }` never.
       */
      dpop?: DpopInput | undefined;
    }
  | EnterpriseManagedAuthInput
  | WorkloadIdentityAuthInput
  | OAuthClientProvider;

/** A server reached over Streamable HTTP (`"http"`, SSE fallback) or legacy SSE only (`"sse"`). */
export interface HttpServerConfig extends ServerConfigBase {
  transport: "http" | "sse";
  url: string;
  /** Header values may contain `${VAR}`, expanded from the parent env. */
  headers?: HeadersInput;
  /** OAuth; absent means none (a bearer token may still go in `headers`). */
  auth?: AuthInput;
}

/** One validated server entry. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** What `parseConfig` returns: the servers in config order, and warnings (unknown keys). */
export interface ParsedConfig {
  servers: ServerConfig[];
  warnings: string[];
}
