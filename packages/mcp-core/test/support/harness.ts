/**
 * The setup the mcp-core tests share: sources closed after each test, temp dirs and log files removed
 * after their test (or file), HTTP fixtures stopped after their test, tool and pid lookups, and small
 * assertion helpers. Generic fixture helpers (waitFor, readLog, makeTempDir, isAlive, collectStates…)
 * come from `@toolnexus/fixtures`; this module only builds on them.
 *
 * Cleanup order after a test: the `afterEach` of {@link useSources} closes the sources first; then the
 * `onTestFinished` callbacks of {@link tempDir} and {@link httpFixture} run (vitest runs those after every
 * `afterEach`, last registered first), so a server never outlives the fixture or the dir it logs to.
 * @module
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  type FixtureName,
  type HttpFixture,
  makeTempDir,
  readLog,
  removeTempDir,
  type SourceLoader,
  sourceLoader,
  startHttpFixture,
} from "@toolnexus/fixtures";

export { pidOf } from "@toolnexus/fixtures";

import { afterAll, afterEach, beforeAll, expect, onTestFinished } from "vitest";
import { parseConfig } from "../../src/config/parse-config.js";
import type { ServerConfig } from "../../src/config-entry.js";
import {
  isMcpCoreError,
  type LoadMcpOptions,
  loadMcp,
  type McpConfigInput,
  type McpCoreError,
  type McpSource,
  type McpTool,
  type ToolsChange,
} from "../../src/index.js";

/** Raw tool names of the `basic` fixture, in listing order. */
export const BASIC_TOOLS = ["echo", "add", "image", "slow", "fail", "pid", "ask", "ask_url"];

/**
 * The sources a test file loads through {@link useSources}: the shared `sourceLoader` of
 * `@toolnexus/fixtures` over this package's `loadMcp`, plus {@link Sources.loadFixture}.
 */
export interface Sources extends SourceLoader<McpSource, string | object, LoadMcpOptions> {
  /**
   * Loads one stdio `fixture` server named `server` that logs to `<server>.log` in a fresh temp dir
   * (see {@link tempLogFile}).
   */
  loadFixture(
    server: string,
    fixture: FixtureName,
    options?: LoadMcpOptions,
  ): Promise<{ source: McpSource; log: string }>;
}

/**
 * Registers an `afterEach` that closes every source loaded through the returned {@link Sources}.
 * Call it at the top of a test file (or a describe block).
 * @param defaults  load options every load starts from; a load's own options win. Without defaults,
 *   a load's options reach `loadMcp` exactly as given (so a test can pass invalid ones).
 */
export function useSources(defaults?: LoadMcpOptions): Sources {
  // Tests also load configs outside the typed input on purpose; the run-time checks are under test.
  const sources = sourceLoader(
    loadMcp as (config: string | object, options?: LoadMcpOptions) => Promise<McpSource>,
    defaults,
  );
  afterEach(() => sources.closeAll());
  return {
    ...sources,
    async loadFixture(server, fixture, options) {
      const log = tempLogFile(`${server}.log`);
      const source = await sources.loadServers({ [server]: { fixture, args: ["--log", log] } }, options);
      return { source, log };
    },
  };
}

/** Name of the `mcp-list-changed` server in the live tool list and refresh tests. */
export const LIST_CHANGED_SERVER = "lc";

/** The final (namespaced) name of that server's tool `raw`. */
export const listChangedName = (raw: string): string => `mcp__${LIST_CHANGED_SERVER}__${raw}`;

/** Longer than the default list_changed debounce (50 ms) plus a listing round trip. */
export const SETTLE_MS = 300;

/**
 * Loads one stdio `mcp-list-changed` server named {@link LIST_CHANGED_SERVER} through `sources`,
 * logging to its own temp file.
 */
export function loadListChanged(
  sources: Sources,
  options?: LoadMcpOptions,
): Promise<{ source: McpSource; log: string }> {
  return sources.loadFixture(LIST_CHANGED_SERVER, "mcp-list-changed", options);
}

/** A temp dir shared by the tests of a file or describe block (see {@link useTempDir}). */
export interface TempDir {
  /** The directory; set once the `beforeAll` hook ran. */
  readonly path: string;
  /** `<path>/<name>`. */
  file(name: string): string;
  /** A new file name in the dir on every call: `<stem>-1.log`, `<stem>-2.log`, … */
  logFile(stem?: string): string;
}

/**
 * A temp dir created in `beforeAll` and removed in `afterAll` of the current file or describe block.
 * @param prefix  name prefix of the dir under `os.tmpdir()`.
 */
export function useTempDir(prefix: string): TempDir {
  let path: string | undefined;
  let logs = 0;
  beforeAll(() => {
    path = makeTempDir(prefix);
  });
  afterAll(() => {
    if (path) removeTempDir(path);
  });
  const dir = () => {
    if (path === undefined) throw new Error("useTempDir: the dir exists only while the tests run");
    return path;
  };
  return {
    get path() {
      return dir();
    },
    file: (name) => join(dir(), name),
    logFile: (stem = "server") => join(dir(), `${stem}-${++logs}.log`),
  };
}

/**
 * Creates a fresh temp dir now and removes it when the current test finishes. Call it inside a test
 * or a `beforeEach`.
 * @param prefix  name prefix under `os.tmpdir()` (the fixtures' default when omitted).
 */
export function tempDir(prefix?: string): string {
  const dir = makeTempDir(prefix);
  onTestFinished(() => removeTempDir(dir));
  return dir;
}

/** A file path (not created) in a fresh {@link tempDir}, for a fixture's `--log`. */
export function tempLogFile(name = "server.log"): string {
  return join(tempDir(), name);
}

/** Starts an HTTP fixture server that is stopped when the current test finishes. */
export async function httpFixture(name: FixtureName, args?: string[]): Promise<HttpFixture> {
  const fixture = await startHttpFixture(name, args);
  onTestFinished(() => fixture.stop());
  return fixture;
}

/** Fails the file when any unhandled rejection or uncaught exception happens while it runs. */
export function failOnUnhandledRejections(): void {
  const seen: unknown[] = [];
  const record = (reason: unknown) => seen.push(reason);
  beforeAll(() => {
    process.on("unhandledRejection", record);
    process.on("uncaughtException", record);
  });
  afterAll(() => {
    process.off("unhandledRejection", record);
    process.off("uncaughtException", record);
    expect(seen).toEqual([]);
  });
}

/**
 * The source's tool with this raw (server-side) name, of `server` when given.
 * @throws Error naming the tools there are, when there is none.
 */
export function toolByRawName(source: McpSource, rawName: string, server?: string): McpTool {
  const tool = source.tools.find(
    (t) => t.rawName === rawName && (server === undefined || t.server === server),
  );
  if (!tool) {
    const of = server === undefined ? "" : ` of ${server}`;
    throw new Error(`no tool ${rawName}${of} in ${source.tools.map((t) => t.rawName).join(", ")}`);
  }
  return tool;
}

/**
 * The source's tool with this final (model-facing) name.
 * @throws Error naming the tools there are, when there is none.
 */
export function toolByName(source: McpSource, name: string): McpTool {
  const tool = source.tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${source.tools.map((t) => t.name).join(", ")}`);
  return tool;
}

/** Whether the source currently offers a tool with this raw name. */
export function hasTool(source: McpSource, rawName: string): boolean {
  return source.tools.some((t) => t.rawName === rawName);
}

/** Calls the tool with this raw name, expects a non-error result and returns its text. */
export async function callOk(
  source: McpSource,
  rawName: string,
  args: Record<string, unknown>,
): Promise<string> {
  const result = await toolByRawName(source, rawName).execute(args);
  expect(result.isError, result.text).toBe(false);
  return result.text;
}

/** Expects every tool in `after` to be the very object found in `before` (same raw name). */
export function expectSameObjects(before: readonly McpTool[], after: readonly McpTool[]): void {
  for (const tool of after) expect(tool).toBe(before.find((t) => t.rawName === tool.rawName));
}

/** A {@link ToolsChange} with empty lists except those in `patch`. */
export function toolsChange(patch: Partial<ToolsChange>): ToolsChange {
  return { added: [], removed: [], changed: [], ...patch };
}

/** The pids of the `start` events in these fixture logs, log by log. */
export function startedPids(...logs: string[]): number[] {
  return logs.flatMap((log) =>
    readLog(log)
      .filter((e) => e.event === "start")
      .map((e) => e.pid),
  );
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The `.json` files in a tool-cache dir, sorted. */
export function cacheFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort();
}

/**
 * One server of a parsed config: the one named `name`, or the first.
 * @throws Error when the config has no such server.
 */
export async function serverConfig(config: object, name?: string): Promise<ServerConfig> {
  const { servers } = await parseConfig(config as McpConfigInput);
  const server = name === undefined ? servers[0] : servers.find((s) => s.name === name);
  if (!server) throw new Error(`no server ${name ?? ""} in config`);
  return server;
}

/**
 * The error `parseConfig` rejects with, for exact assertions on code, server and message.
 * @throws Error when it resolves or rejects with anything but an McpCoreError.
 */
export async function configError(
  input: unknown,
  options?: Parameters<typeof parseConfig>[1],
): Promise<McpCoreError> {
  const error = await parseConfig(input as McpConfigInput, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isMcpCoreError(error)) throw new Error(`expected an McpCoreError, got ${String(error)}`);
  return error;
}

/** The code, server and message of {@link configError}, as one plain object to compare. */
export async function configRejection(
  input: unknown,
): Promise<{ code: string; server: string | undefined; message: string }> {
  const error = await configError(input);
  return { code: error.code, server: error.server, message: error.message };
}
