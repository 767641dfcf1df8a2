/**
 * The contenders of every benchmark scenario, behind one uniform handle, so a scenario measures
 * "the same thing" through each library's own public path.
 *
 * ```js
 * import { CONTENDERS, contender } from "./lib/contenders.mjs";
 * const conn = await contender("raw SDK Client").connect({ a: { command, args } });
 * const echo = conn.tools().get("a/echo");     // keys: "<server>/<raw tool name>"
 * await echo({ text: "hi" });                  // resolves on success, rejects on any failure
 * await conn.close();
 * ```
 *
 * Contract (what a scenario may rely on):
 * - `connect(servers, options?)` resolves once the contender says it is ready (its own notion:
 *   ours eager = every server listed, ours lazy = the config is read; peers = connected and
 *   listed), and rejects when it cannot start.
 * - `tools()` is a fresh `Map` of the tools the contender holds NOW (read at each call, so a
 *   scenario sees what a user of that library would see — ours follow the servers; a peer's set
 *   is whatever it listed, unless the scenario reloads it). Keys are `"<server>/<raw tool name>"`.
 * - A tool function `(args) => Promise<unknown>` goes through the contender's own call path
 *   (ours: `McpTool.execute`, the AI SDK adapter's `execute`, the LangChain adapter's `invoke` with
 *   a tool call; peers: the same entry points of their tools; raw: `client.callTool`). It resolves
 *   with that path's own result on success and REJECTS on any failure — an `isError` result, an
 *   error tool message, a closed connection — so "first success" means the same for everyone.
 *   The function stays the same object: calling it again after a crash is "the same tool object".
 * - `close()` is the contender's own close; it resolves when that close resolves.
 * - `preload()` loads every module `connect` would load on its first call (the library's own
 *   entry points and, for ours, the modules `loadMcp` imports lazily), so a start-up figure
 *   timed from `connect` excludes module loading for every contender alike.
 *
 * @module
 */
import { invokeToolCall, nextCallId, okOrThrow, versionOf } from "./contender-calls.mjs";
import { aiSdkMcp, langChainMcp, rawSdk, rawSdkV2 } from "./peer-contenders.mjs";

/**
 * @typedef {{ command: string, args?: string[], env?: Record<string, string> } | { url: string }} ServerSpec
 *   One MCP server: a stdio command, or a Streamable HTTP endpoint.
 */
/**
 * @typedef {object} ConnectOptions
 * @property {boolean | string[]} [lazy]  ours only: `true` = every server lazy, or the names of the
 *   lazy ones (peers have no lazy mode and ignore it; check {@link Contender.features}).
 * @property {string} [cacheDir]  ours only: a `fileToolCache` directory (the warm listing cache).
 *   Without it the cache is off.
 * @property {boolean} [reconnect]  peers: turn on their own restart/reconnect options where they
 *   have any (LangChain: stdio `restart`, HTTP `reconnect`). Ours always self-heal.
 * @property {object} [core]  ours only: extra `loadMcp` options, merged last.
 */
/**
 * @callback ToolFn
 * @param {Record<string, unknown>} args
 * @returns {Promise<unknown>} the contender's own result; rejects on any failure
 */
/**
 * @typedef {object} Connection
 * @property {() => Map<string, ToolFn>} tools  the tools held now, keyed `"<server>/<raw name>"`
 * @property {() => Promise<void>} close
 * @property {import("@toolnexus/mcp-core").McpSource} [source]  ours only: the underlying source
 */
/**
 * @typedef {object} Contender
 * @property {string} name  the name printed in the tables
 * @property {boolean} ours  one of toolnexus's paths (vs a peer or the raw baseline)
 * @property {string} version  the library version measured (package name + version)
 * @property {{ lazy: boolean, warmCache: boolean, reconnect: boolean, liveToolList: boolean }} features
 *   what the library itself offers (`liveToolList`: follows `tools/list_changed` without a reload)
 * @property {(servers: Record<string, ServerSpec>, options?: ConnectOptions) => Promise<Connection>} connect
 * @property {() => Promise<void>} preload  loads what `connect` loads on first use (see the contract)
 */

// Libraries are imported on first use, so a process measuring one contender (memory, start-up)
// loads only that contender's code.
const core = () => import("@toolnexus/mcp-core");

/**
 * The modules the core's `loadMcp` imports on its first call for stdio servers (its dynamic
 * `import()`s: the engine, the search index, the child-process transport), relative to the
 * package's root entry. Imported by file URL they are the very module instances `loadMcp` gets,
 * so a user's process loads exactly what it did; a renamed file fails the preload loudly.
 */
const CORE_LAZY_MODULES = [
  "./early-load.js",
  "./load-mcp.js",
  "./search/tool-search-index.js",
  "./transport/child-process-transport.js",
];

async function preloadCore() {
  const root = import.meta.resolve("@toolnexus/mcp-core");
  await import(root);
  // `loadSource` imports the stores entry (for `fileToolCache`) on every connect: ~10 ms of module
  // loading that fell inside every timed window of ours until it was loaded here too.
  await import("@toolnexus/mcp-core/stores");
  for (const path of CORE_LAZY_MODULES) await import(new URL(path, root).href);
}

// --- ours ----------------------------------------------------------------------------------------

function coreConfig(servers, lazy) {
  const lazySet = lazy === true ? null : new Set(lazy || []);
  const mcpServers = {};
  for (const [name, spec] of Object.entries(servers)) {
    const isLazy = lazySet === null ? true : lazySet.has(name);
    mcpServers[name] = isLazy ? { ...spec, lazy: true } : { ...spec };
  }
  return { mcpServers };
}

async function loadSource(servers, options = {}) {
  const { loadMcp } = await core();
  const { fileToolCache } = await import("@toolnexus/mcp-core/stores");
  const toolCache = options.cacheDir ? fileToolCache(options.cacheDir) : null;
  return loadMcp(coreConfig(servers, options.lazy), { toolCache, ...options.core });
}

/** Builds a Connection over a source, with `call(tool, converted)` as the per-tool call path. */
function sourceConnection(source, convert) {
  return {
    source,
    tools() {
      const map = new Map();
      for (const [i, fn] of convert(source.tools).entries()) {
        const tool = source.tools[i];
        map.set(`${tool.server}/${tool.rawName}`, fn);
      }
      return map;
    },
    close: () => source.close(),
  };
}

/** Tool functions are cached per McpTool object so the same tool keeps the same function. */
function memoized(make) {
  const cache = new WeakMap();
  return (tool) => {
    let fn = cache.get(tool);
    if (!fn) {
      fn = make(tool);
      cache.set(tool, fn);
    }
    return fn;
  };
}

const coreFn = memoized(
  (tool) => async (args) => okOrThrow(await tool.execute(args), `${tool.server}/${tool.rawName}`),
);

const ours = { lazy: true, warmCache: true, reconnect: true, liveToolList: true };

/** @type {Contender} */
const toolnexusCore = {
  name: "toolnexus core",
  ours: true,
  version: versionOf("@toolnexus/mcp-core"),
  features: ours,
  preload: preloadCore,
  async connect(servers, options) {
    const source = await loadSource(servers, options);
    return sourceConnection(source, (tools) => tools.map(coreFn));
  },
};

/** @type {Contender} */
const toolnexusAiSdk = {
  name: "toolnexus AI SDK adapter",
  ours: true,
  version: versionOf("@toolnexus/adapter-ai-sdk"),
  features: ours,
  async preload() {
    await import("@toolnexus/adapter-ai-sdk");
    await preloadCore();
  },
  async connect(servers, options) {
    const { toAiSdkTools } = await import("@toolnexus/adapter-ai-sdk");
    const source = await loadSource(servers, options);
    const toolSet = toAiSdkTools(source);
    // The live ToolSet is keyed by final names; look each up at call time, as the AI SDK does per step.
    const fnFor = memoized((tool) => (args) => {
      const aiTool = toolSet[tool.name];
      if (!aiTool) return Promise.reject(new Error(`${tool.name} is not in the tool set`));
      return aiTool.execute(args, { toolCallId: nextCallId(), messages: [] });
    });
    return sourceConnection(source, (tools) =>
      tools.map((tool) => {
        // Reading the entry converts it, as the AI SDK's first step would.
        void toolSet[tool.name];
        return fnFor(tool);
      }),
    );
  },
};

/** @type {Contender} */
const toolnexusLangChain = {
  name: "toolnexus LangChain adapter",
  ours: true,
  version: versionOf("@toolnexus/adapter-langchain"),
  features: ours,
  async preload() {
    await import("@toolnexus/adapter-langchain");
    await preloadCore();
  },
  async connect(servers, options) {
    const { toLangChainTools } = await import("@toolnexus/adapter-langchain");
    const source = await loadSource(servers, options);
    const fnFor = memoized((lcTool) => (args) => invokeToolCall(lcTool, args));
    return sourceConnection(source, (tools) => toLangChainTools({ tools }).map(fnFor));
  },
};

/** Every contender, ours first, then the raw baseline, then the peers. @type {readonly Contender[]} */
export const CONTENDERS = Object.freeze([
  toolnexusCore,
  toolnexusAiSdk,
  toolnexusLangChain,
  rawSdk,
  rawSdkV2,
  aiSdkMcp,
  langChainMcp,
]);

/** The baseline every ratio is taken against. */
export const BASELINE = rawSdk.name;

/**
 * The contender called `name`.
 * @param {string} name
 * @returns {Contender}
 * @throws Error for an unknown name (listing the known ones)
 */
export function contender(name) {
  const found = CONTENDERS.find((c) => c.name === name);
  if (!found)
    throw new Error(`unknown contender "${name}" (known: ${CONTENDERS.map((c) => c.name).join(", ")})`);
  return found;
}
