/**
 * What a host can see of a load while it runs and of the session it got: `onSource` hands over the
 * source before any server starts; a snapshot's `transportUsed` says which transport the session
 * speaks (`sse` after the legacy fallback); a URL with no MCP endpoint is said in HTTP terms.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import type { McpSource } from "../src/index.js";
import { useSources } from "./support/harness.js";
import { startSseServer } from "./support/sse-server.js";

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

describe("onSource", () => {
  it("should get the source the load resolves with, before any server has started", async () => {
    const seen: { source: McpSource; states: string[] }[] = [];
    const source = await sources.loadServers(
      { basic: "basic" },
      { onSource: (early) => seen.push({ source: early, states: early.servers().map((s) => s.state) }) },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.source).toBe(source);
    expect(seen[0]?.states).toStrictEqual(["stopped"]);
    expect(source.servers()[0]).toMatchObject({ state: "running", transportUsed: "stdio" });
  });
});

describe("an HTTP server's transport", () => {
  it("should be sse after the legacy fallback, and a URL without an endpoint a 404 rather than an SSE error", async () => {
    const sse = await startSseServer({ postStatus: 404 });
    onTestFinished(() => sse.close());
    const source = await sources.load({
      mcpServers: { legacy: { url: sse.url }, nowhere: { url: sse.url.replace(/\/mcp$/, "/nowhere") } },
    });
    const [legacy, nowhere] = source.servers();
    expect(legacy).toMatchObject({ transport: "http", transportUsed: "sse", state: "running" });
    expect(nowhere?.state).toBe("error");
    expect(nowhere?.lastError).toBe(
      `MCP server "nowhere" failed to start: no MCP endpoint at this URL (HTTP 404 to the Streamable HTTP POST, HTTP 404 to the legacy SSE GET) at ${sse.url.replace(/\/mcp$/, "/nowhere")}`,
    );
  });
});
