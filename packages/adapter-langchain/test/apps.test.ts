import { ToolMessage } from "@langchain/core/messages";
import { stdioServer, systemMonitorServer } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpToolArtifact, toLangChainTools } from "../src/index.js";

// MCP Apps (SPEC "MCP Apps") with the extension's published example server and the apps fixture,
// both real processes; one source shared by the cases.
let source: McpSource;
beforeAll(async () => {
  source = await loadMcp(
    { mcpServers: { apps: stdioServer("apps"), monitor: systemMonitorServer() } },
    { toolCache: null, taskStore: null, apps: {} },
  );
}, 60_000);
afterAll(() => source?.close());

describe("LangChain: MCP Apps", () => {
  it("offers no app-only tool to the model", () => {
    const names = toLangChainTools(source).map((tool) => tool.name);
    expect(names).toContain("mcp__monitor__get-system-info");
    for (const appOnly of ["poll-system-stats", "refresh-data", "typo-visibility"]) {
      expect(names.some((name) => name.endsWith(`__${appOnly}`))).toBe(false);
    }
  });

  it("puts the app resource on the ToolMessage artifact, not in its content", async () => {
    const tool = toLangChainTools(source).find((t) => t.name === "mcp__apps__show-dashboard");
    const message = (await tool?.invoke({
      name: "mcp__apps__show-dashboard",
      args: {},
      id: "c1",
      type: "tool_call",
    })) as ToolMessage;
    expect(ToolMessage.isInstance(message)).toBe(true);
    expect(message.content).toBe("dashboard v1");
    expect((message.artifact as McpToolArtifact).app).toMatchObject({
      uri: "ui://apps/dashboard.html",
      csp: { connectDomains: ["https://api.example.com"] },
    });
  });
});
