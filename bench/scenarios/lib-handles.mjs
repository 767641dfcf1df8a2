// What scenarios 3–5 need of each contender, over servers `{ name: { command, args } | { url } }`:
// the tool object a user holds (taken once, called again and again), the tool set a user holds
// (read again and again, never reloaded), and close. Ours three ways (the core's `McpTool`, the AI
// SDK `ToolSet`, the LangChain toolkit, all over one source) and each peer as its docs show it.
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { createLangChainToolkit } from "@toolnexus/adapter-langchain";
import { LOAD_OPTION_DEFAULTS, loadMcp } from "@toolnexus/mcp-core";

/** Our first restart delay: the default `autoRestart.initialDelayMs`, given to the peers that restart too. */
export const INITIAL_BACKOFF_MS = LOAD_OPTION_DEFAULTS.autoRestart?.initialDelayMs ?? 500;

/**
 * @typedef {object} Handle
 * @property {(server: string, rawName: string) => (args: object) => Promise<unknown>} tool
 *   the tool object, taken now; calling it rejects on any failure (an `isError` result included)
 * @property {() => string[]} toolNames  the raw names in the tool set the user holds, now
 * @property {(server: string, rawName: string) => (args: object) => Promise<unknown>} [freshTool]
 *   a peer's way to get a working tool after a reconnect (a new tool object per call)
 * @property {string} [reload]  what the user must do to see a new tool, when the set does not follow
 * @property {() => Promise<void>} close
 */

const toolCallOptions = { toolCallId: "bench", messages: [] };
const failOnIsError = (result) => {
  if (result?.isError) throw new Error(`isError: ${JSON.stringify(result.content).slice(0, 200)}`);
  return result;
};
const rawOf = (name) => name.slice(name.lastIndexOf("__") + 2);

async function ours(servers, view) {
  const source = await loadMcp({ mcpServers: servers }, { toolCache: false, onWarning: () => {} });
  const find = (server, rawName) => {
    const tool = source.tools.find((t) => t.server === server && t.rawName === rawName);
    if (!tool) throw new Error(`ours: no tool ${server}/${rawName}`);
    return tool;
  };
  if (view === "core") {
    return {
      source,
      tool: (server, rawName) => {
        const tool = find(server, rawName);
        return async (args) => failOnIsError(await tool.execute(args));
      },
      toolNames: () => source.tools.map((t) => t.rawName),
      close: () => source.close(),
    };
  }
  if (view === "ai-sdk") {
    const tools = toAiSdkTools(source);
    return {
      source,
      tool: (server, rawName) => {
        const tool = tools[find(server, rawName).name];
        return (args) => tool.execute(args, toolCallOptions);
      },
      toolNames: () => Object.keys(tools).map(rawOf),
      close: () => source.close(),
    };
  }
  const toolkit = createLangChainToolkit(source);
  return {
    source,
    tool: (server, rawName) => {
      const name = find(server, rawName).name;
      const tool = toolkit.tools.find((t) => t.name === name);
      return (args) => tool.invoke(args);
    },
    toolNames: () => toolkit.tools.map((t) => rawOf(t.name)),
    close: async () => {
      toolkit.dispose?.();
      await source.close();
    },
  };
}

/** `@modelcontextprotocol/sdk` 1.x `Client`, one per server, with its `listChanged` auto-refresh. */
async function rawSdk(servers) {
  const clients = new Map();
  const listed = new Map();
  await Promise.all(
    Object.entries(servers).map(async ([name, { command, args, url }]) => {
      const client = new Client(
        { name: "bench", version: "1.0.0" },
        { listChanged: { tools: { onChanged: (error, tools) => !error && listed.set(name, tools) } } },
      );
      await client.connect(
        url
          ? new StreamableHTTPClientTransport(new URL(url))
          : new StdioClientTransport({ command, args, stderr: "ignore" }),
      );
      listed.set(name, (await client.listTools()).tools);
      clients.set(name, client);
    }),
  );
  return {
    tool: (server, rawName) => {
      const client = clients.get(server);
      return async (args) => failOnIsError(await client.callTool({ name: rawName, arguments: args }));
    },
    toolNames: () => [...listed.values()].flat().map((t) => t.name),
    close: async () => {
      await Promise.all([...clients.values()].map((c) => c.close().catch(() => {})));
    },
  };
}

/** `@langchain/mcp-adapters` `MultiServerMCPClient` with its stdio `restart` option on. */
async function langchainPeer(servers) {
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, { command, args, url }]) => [
      name,
      url
        ? { transport: "http", url, automaticSSEFallback: false }
        : {
            transport: "stdio",
            command,
            args,
            stderr: "ignore",
            restart: { enabled: true, maxAttempts: 10, delayMs: INITIAL_BACKOFF_MS },
          },
    ]),
  );
  const client = new MultiServerMCPClient({ mcpServers, prefixToolNameWithServerName: true });
  const tools = await client.getTools();
  return {
    client,
    tool: (server, rawName) => {
      const tool = tools.find((t) => t.name === `${server}__${rawName}`);
      return (args) => tool.invoke(args);
    },
    /** A new tool object from `getTools()` on every call: what their `restart` gives a caller. */
    freshTool: (server, rawName) => async (args) => {
      const tool = (await client.getTools()).find((t) => t.name === `${server}__${rawName}`);
      if (!tool) throw new Error(`no tool ${server}__${rawName} (yet)`);
      return tool.invoke(args);
    },
    toolNames: () => tools.map((t) => rawOf(t.name)),
    reload:
      "`loadMcpTools(server, await client.getClient(server))` (getTools() returns the tools loaded at connect)",
    close: () => client.close(),
  };
}

/** `@ai-sdk/mcp` `createMCPClient` with its stdio transport, one per server; `tools()` once. */
async function aiSdkPeer(servers) {
  const entries = await Promise.all(
    Object.entries(servers).map(async ([name, { command, args, url }]) => {
      const client = await createMCPClient({
        transport: url
          ? { type: "http", url }
          : new Experimental_StdioMCPTransport({ command, args, stderr: "ignore" }),
        onUncaughtError: () => {},
      });
      return [name, { client, tools: await client.tools() }];
    }),
  );
  const byServer = new Map(entries);
  return {
    tool: (server, rawName) => {
      const tool = byServer.get(server).tools[rawName];
      return async (args) => failOnIsError(await tool.execute(args, toolCallOptions));
    },
    toolNames: () => [...byServer.values()].flatMap(({ tools }) => Object.keys(tools)),
    reload: "`await client.tools()` again (it lists anew; the ToolSet already handed out never changes)",
    close: async () => {
      await Promise.all([...byServer.values()].map(({ client }) => client.close().catch(() => {})));
    },
  };
}

/** Every contender of scenarios 3–5: `{ id, open(servers) → Promise<Handle> }`, ours first. */
export const CONTENDERS = [
  { id: "ours (core)", ours: true, open: (servers) => ours(servers, "core") },
  { id: "ours (AI SDK)", ours: true, open: (servers) => ours(servers, "ai-sdk") },
  { id: "ours (LangChain)", ours: true, open: (servers) => ours(servers, "langchain") },
  { id: "@modelcontextprotocol/sdk", open: rawSdk },
  { id: "@langchain/mcp-adapters", open: langchainPeer },
  { id: "@ai-sdk/mcp", open: aiSdkPeer },
];
