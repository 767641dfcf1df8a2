import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAnthropic } from "@ai-sdk/anthropic";
import { sourceLoader } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText } from "ai";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { type AiSdkToolsetOptions, createAiSdkToolset } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

/** What the Anthropic provider sent for one tool. */
interface SentTool {
  name: string;
  type?: string;
  defer_loading?: boolean;
}

/** A Messages API stand-in on 127.0.0.1: records each request body, answers one text message. */
async function messagesEndpoint(): Promise<{ baseURL: string; bodies: Array<{ tools?: SentTool[] }> }> {
  const bodies: Array<{ tools?: SentTool[] }> = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      bodies.push(JSON.parse(body));
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [{ type: "text", text: "ok" }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, bodies };
}

/** The tools one `generateText` call sent to the Anthropic endpoint. */
async function sentTools(options: AiSdkToolsetOptions): Promise<SentTool[]> {
  const { baseURL, bodies } = await messagesEndpoint();
  const anthropic = createAnthropic({ baseURL, apiKey: "test-key" });
  const source = await sources.loadServers({ basic: "basic" });
  const toolset = createAiSdkToolset(source, {
    ...options,
    toolSearch: "anthropic",
    extraTools: { toolSearch: anthropic.tools.toolSearchBm25_20251119() },
  });
  const result = await generateText({ model: anthropic("claude-sonnet-4-5"), ...toolset, prompt: "go" });
  expect(result.text).toBe("ok");
  expect(bodies).toHaveLength(1);
  return bodies[0]?.tools ?? [];
}

describe('toolSearch: "anthropic"', () => {
  it("should send deferred tools with defer_loading and no meta-tools", async () => {
    const tools = await sentTools({ deferLoading: {} });
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("tool_search_tool_bm25")?.type).toBe("tool_search_tool_bm25_20251119");
    const mcp = tools.filter((tool) => tool.name.startsWith("mcp__basic__"));
    expect(mcp.length).toBe(8);
    expect(mcp.every((tool) => tool.defer_loading === true)).toBe(true);
    expect(byName.has("mcp_search_tools") || byName.has("mcp_load_tools")).toBe(false);
  });

  it("should send no defer_loading while the threshold is not passed", async () => {
    const tools = await sentTools({ deferLoading: { threshold: 8 } });
    const mcp = tools.filter((tool) => tool.name.startsWith("mcp__basic__"));
    expect(mcp.length).toBe(8);
    expect(mcp.some((tool) => "defer_loading" in tool)).toBe(false);
  });
});
