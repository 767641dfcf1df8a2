import { stdioServer, systemMonitorServer } from "@toolnexus/fixtures";
import { loadMcp, type McpSource } from "@toolnexus/mcp-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiSdkToolset, type McpToolOutput } from "../src/index.js";

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

describe("AI SDK: MCP Apps", () => {
  it("offers no app-only tool to the model", () => {
    const names = Object.keys(createAiSdkToolset(source).tools);
    expect(names).toContain("mcp__monitor__get-system-info");
    expect(names).toContain("mcp__apps__model-only");
    for (const appOnly of ["poll-system-stats", "refresh-data", "typo-visibility"]) {
      expect(names.some((name) => name.endsWith(`__${appOnly}`))).toBe(false);
    }
  });

  it("puts the app resource on the result the host sees, not in the model's output", async () => {
    const tool = createAiSdkToolset(source).tools["mcp__monitor__get-system-info"];
    const output = (await tool?.execute?.({}, { toolCallId: "1", messages: [] })) as McpToolOutput;
    expect(output.app).toMatchObject({
      uri: "ui://system-monitor/mcp-app.html",
      mimeType: "text/html;profile=mcp-app",
    });
    const model = await tool?.toModelOutput?.({ toolCallId: "1", input: {}, output });
    expect(JSON.stringify(model)).not.toContain("<!DOCTYPE html>");
    expect(JSON.stringify(model)).not.toContain("ui://");
  });
});
