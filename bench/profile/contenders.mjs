// The ways of reaching the stdio echo fixture (`fixtures/basic`) that the profile compares.
// Each `open()` spawns the server, lists its tools and resolves { call(text), close() }.
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { toAiSdkTools } from "@toolnexus/adapter-ai-sdk";
import { toLangChainTools } from "@toolnexus/adapter-langchain";
import { fixturePath } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";

const server = { command: process.execPath, args: [fixturePath("basic")] };

/** Each contender: `open()` → { call(text), close() } and the time from spawn to a listed tool set. */
export const contenders = {
  rawV1: {
    async open() {
      const client = new ClientV1({ name: "bench", version: "1" });
      await client.connect(new StdioV1({ ...server, stderr: "ignore" }));
      await client.listTools();
      return {
        call: (text) => client.callTool({ name: "echo", arguments: { text } }),
        close: () => client.close(),
      };
    },
  },
  rawV2: {
    async open() {
      const client = new ClientV2({ name: "bench", version: "1" });
      await client.connect(new StdioV2({ ...server, stderr: "ignore" }));
      await client.listTools();
      return {
        call: (text) => client.callTool({ name: "echo", arguments: { text } }),
        close: () => client.close(),
      };
    },
  },
  core: {
    async open() {
      const source = await loadMcp({ mcpServers: { s: server } });
      const echo = source.tools.find((t) => t.rawName === "echo");
      return { call: (text) => echo.execute({ text }), close: () => source.close() };
    },
  },
  // The core with the era pinned to 2025-11-25: no `server/discover` probe before initialize, which
  // tells what the default `protocol: "auto"` costs a spawn → listed.
  corePinned: {
    async open() {
      const source = await loadMcp({ mcpServers: { s: { ...server, protocol: "2025-11-25" } } });
      const echo = source.tools.find((t) => t.rawName === "echo");
      return { call: (text) => echo.execute({ text }), close: () => source.close() };
    },
  },
  // `@ai-sdk/mcp`: its own small JSON-RPC client over its stdio transport, the leanest peer.
  aiSdkMcp: {
    async open() {
      const { createMCPClient } = await import("@ai-sdk/mcp");
      const { Experimental_StdioMCPTransport } = await import("@ai-sdk/mcp/mcp-stdio");
      const client = await createMCPClient({
        transport: new Experimental_StdioMCPTransport({ ...server, stderr: "ignore" }),
      });
      const echo = (await client.tools()).echo;
      let id = 0;
      return {
        call: (text) => echo.execute({ text }, { toolCallId: `c${id++}`, messages: [] }),
        close: () => client.close(),
      };
    },
  },
  aiSdk: {
    async open() {
      const source = await loadMcp({ mcpServers: { s: server } });
      const tools = toAiSdkTools(source);
      const echo = tools.mcp__s__echo;
      let id = 0;
      return {
        call: (text) => echo.execute({ text }, { toolCallId: `c${id++}`, messages: [] }),
        close: () => source.close(),
      };
    },
  },
  langchain: {
    async open() {
      const source = await loadMcp({ mcpServers: { s: server } });
      const echo = toLangChainTools(source).find((t) => t.name === "mcp__s__echo");
      return { call: (text) => echo.invoke({ text }), close: () => source.close() };
    },
  },
};

/**
 * The core of another build (the path of its `dist/index.js`, e.g. a copy of main's dist), for
 * before/after figures in the same interleaved run.
 */
export function baseCoreContender(indexPath) {
  return {
    async open() {
      const base = await import(indexPath);
      const source = await base.loadMcp({ mcpServers: { s: server } });
      const echo = source.tools.find((t) => t.rawName === "echo");
      return { call: (text) => echo.execute({ text }), close: () => source.close() };
    },
  };
}
