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
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

/** `<package>@<installed version>`, read from the package's own package.json. */
function versionOf(pkg) {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
  while (dir !== dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const meta = JSON.parse(readFileSync(file, "utf8"));
      if (meta.name === pkg) return `${pkg}@${meta.version}`;
    }
    dir = dirname(dir);
  }
  return pkg;
}

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
  "./load-mcp.js",
  "./search/tool-search-index.js",
  "./transport/child-process-transport.js",
];

async function preloadCore() {
  const root = import.meta.resolve("@toolnexus/mcp-core");
  await import(root);
  for (const path of CORE_LAZY_MODULES) await import(new URL(path, root).href);
}

/** Rejects when a result says the call failed (MCP `isError`). */
function okOrThrow(result, key) {
  if (result?.isError) {
    const text = (result.content ?? []).map((block) => block.text ?? "").join(" ");
    throw new Error(`${key} failed: ${text || "isError"}`);
  }
  return result;
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
  const { fileToolCache, loadMcp } = await core();
  const toolCache = options.cacheDir ? fileToolCache(options.cacheDir) : false;
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

let callIds = 0;
const nextCallId = () => `bench-call-${++callIds}`;

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

/** Invokes a LangChain tool the way an agent's ToolNode does (a tool call → a ToolMessage). */
async function invokeToolCall(lcTool, args) {
  const message = await lcTool.invoke({ type: "tool_call", id: nextCallId(), name: lcTool.name, args });
  if (message?.status === "error") throw new Error(`${lcTool.name} failed: ${String(message.content)}`);
  return message;
}

// --- the raw SDK client (the baseline) -----------------------------------------------------------

async function sdkTransport(spec) {
  if ("url" in spec) {
    const { StreamableHTTPClientTransport } = await import(
      "@modelcontextprotocol/sdk/client/streamableHttp.js"
    );
    return new StreamableHTTPClientTransport(new URL(spec.url));
  }
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  return new StdioClientTransport({ ...spec, stderr: "ignore" });
}

async function listAll(client) {
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/** Closes everything opened so far when a later server fails to start. */
async function allOrClose(entries, open, close) {
  const settled = await Promise.allSettled(entries.map(open));
  const failed = settled.find((s) => s.status === "rejected");
  if (!failed) return settled.map((s) => s.value);
  await Promise.allSettled(settled.filter((s) => s.status === "fulfilled").map((s) => close(s.value)));
  throw failed.reason;
}

/** @type {Contender} */
const rawSdk = {
  name: "raw SDK Client",
  ours: false,
  version: versionOf("@modelcontextprotocol/sdk"),
  features: { lazy: false, warmCache: false, reconnect: false, liveToolList: false },
  async preload() {
    await import("@modelcontextprotocol/sdk/client/index.js");
    await import("@modelcontextprotocol/sdk/client/stdio.js");
  },
  async connect(servers) {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const clients = await allOrClose(
      Object.entries(servers),
      async ([name, spec]) => {
        const client = new Client({ name: "bench", version: "1.0.0" });
        try {
          await client.connect(await sdkTransport(spec));
        } catch (error) {
          await client.close().catch(() => {});
          throw error;
        }
        return { name, client, tools: await listAll(client) };
      },
      (entry) => entry.client.close(),
    );
    const map = new Map();
    for (const { name, client, tools } of clients) {
      for (const tool of tools) {
        const key = `${name}/${tool.name}`;
        map.set(key, async (args) =>
          okOrThrow(await client.callTool({ name: tool.name, arguments: args }), key),
        );
      }
    }
    return {
      tools: () => new Map(map),
      close: async () => {
        await Promise.all(clients.map((entry) => entry.client.close()));
      },
    };
  },
};

// --- @ai-sdk/mcp ---------------------------------------------------------------------------------

/** @type {Contender} */
const aiSdkMcp = {
  name: "@ai-sdk/mcp",
  ours: false,
  version: versionOf("@ai-sdk/mcp"),
  // maxRetries retries transient tools/call failures on the same connection; nothing respawns a server.
  features: { lazy: false, warmCache: false, reconnect: false, liveToolList: false },
  async preload() {
    await import("@ai-sdk/mcp");
    await import("@ai-sdk/mcp/mcp-stdio");
  },
  async connect(servers) {
    const { createMCPClient } = await import("@ai-sdk/mcp");
    const { Experimental_StdioMCPTransport } = await import("@ai-sdk/mcp/mcp-stdio");
    const clients = await allOrClose(
      Object.entries(servers),
      async ([name, spec]) => {
        const transport =
          "url" in spec
            ? { type: "http", url: spec.url }
            : new Experimental_StdioMCPTransport({ ...spec, stderr: "ignore" });
        const client = await createMCPClient({ transport });
        try {
          return { name, client, tools: await client.tools() };
        } catch (error) {
          await client.close().catch(() => {});
          throw error;
        }
      },
      (entry) => entry.client.close(),
    );
    const map = new Map();
    for (const { name, tools } of clients) {
      for (const [toolName, tool] of Object.entries(tools)) {
        const key = `${name}/${toolName}`;
        map.set(key, async (args) =>
          okOrThrow(await tool.execute(args, { toolCallId: nextCallId(), messages: [] }), key),
        );
      }
    }
    return {
      tools: () => new Map(map),
      close: async () => {
        await Promise.all(clients.map((entry) => entry.client.close()));
      },
    };
  },
};

// --- @langchain/mcp-adapters ---------------------------------------------------------------------

function langChainServer(spec, reconnect) {
  if ("url" in spec) {
    return {
      transport: "http",
      url: spec.url,
      ...(reconnect && { reconnect: { enabled: true, maxAttempts: 1000, delayMs: 50 } }),
    };
  }
  return {
    transport: "stdio",
    ...spec,
    stderr: "ignore",
    ...(reconnect && { restart: { enabled: true, maxAttempts: 1000, delayMs: 50 } }),
  };
}

/** @type {Contender} */
const langChainMcp = {
  name: "@langchain/mcp-adapters",
  ours: false,
  version: versionOf("@langchain/mcp-adapters"),
  features: { lazy: false, warmCache: false, reconnect: true, liveToolList: false },
  async preload() {
    await import("@langchain/mcp-adapters");
  },
  async connect(servers, options = {}) {
    const mcpServers = {};
    for (const [name, spec] of Object.entries(servers))
      mcpServers[name] = langChainServer(spec, options.reconnect);
    const { MultiServerMCPClient } = await import("@langchain/mcp-adapters");
    const client = new MultiServerMCPClient({
      mcpServers,
      prefixToolNameWithServerName: false,
      throwOnLoadError: true,
    });
    const byServer = [];
    try {
      await client.initializeConnections();
      for (const name of Object.keys(servers)) byServer.push([name, await client.getTools(name)]);
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    const map = new Map();
    for (const [name, tools] of byServer) {
      for (const lcTool of tools) map.set(`${name}/${lcTool.name}`, (args) => invokeToolCall(lcTool, args));
    }
    return { tools: () => new Map(map), close: () => client.close() };
  },
};

/** Every contender, ours first, then the raw baseline, then the peers. @type {readonly Contender[]} */
export const CONTENDERS = Object.freeze([
  toolnexusCore,
  toolnexusAiSdk,
  toolnexusLangChain,
  rawSdk,
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
