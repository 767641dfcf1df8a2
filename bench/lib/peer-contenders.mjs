// The contenders that are not ours: the raw v1 SDK Client (the baseline), the raw v2 SDK Client
// (a second floor: the client the core runs on), `@ai-sdk/mcp` and
// `@langchain/mcp-adapters`, each through its own public path (see `contenders.mjs` for the contract).
import { invokeToolCall, nextCallId, okOrThrow, versionOf } from "./contender-calls.mjs";

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

/** @type {import("./contenders.mjs").Contender} */
export const rawSdk = {
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

// --- the raw SDK v2 client (the second floor: the client the core runs on) -----------------------

async function sdkV2Transport(spec) {
  if ("url" in spec) {
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    return new StreamableHTTPClientTransport(new URL(spec.url));
  }
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  return new StdioClientTransport({ ...spec, stderr: "ignore" });
}

/**
 * `@modelcontextprotocol/client` (the v2 SDK's client, which `@toolnexus/mcp-core` runs on) used
 * directly, as `rawSdk` uses v1: connect, list every page, `client.callTool`.
 * @type {import("./contenders.mjs").Contender}
 */
export const rawSdkV2 = {
  name: "raw SDK v2 Client",
  ours: false,
  version: versionOf("@modelcontextprotocol/client"),
  features: { lazy: false, warmCache: false, reconnect: false, liveToolList: false },
  async preload() {
    await import("@modelcontextprotocol/client");
    await import("@modelcontextprotocol/client/stdio");
  },
  async connect(servers) {
    const { Client } = await import("@modelcontextprotocol/client");
    const clients = await allOrClose(
      Object.entries(servers),
      async ([name, spec]) => {
        const client = new Client({ name: "bench", version: "1.0.0" });
        try {
          await client.connect(await sdkV2Transport(spec));
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

/** @type {import("./contenders.mjs").Contender} */
export const aiSdkMcp = {
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

/** @type {import("./contenders.mjs").Contender} */
export const langChainMcp = {
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
