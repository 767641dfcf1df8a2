import { removeTempDir, systemMonitorServer } from "@toolnexus/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

// `inspect` lists each server's MCP Apps, as the inspector's --app-info does: the extension's
// published example server (system-monitor) and the apps fixture, as processes.
const { dir, path } = writeConfig({ monitor: systemMonitorServer(), apps: fixtureEntry("apps") });
afterAll(() => removeTempDir(dir));

describe("inspect: MCP Apps", () => {
  it("should list each server's ui:// resources, app-only and model-only tools", async () => {
    const run = await runCli(["inspect", path, "--apps"]);
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^ {2}app: ui:\/\/system-monitor\/mcp-app\.html \(get-system-info\)$/m);
    expect(out).toMatch(/^ {2}app-only tools: poll-system-stats$/m);
    expect(out).toMatch(/^ {2}app: ui:\/\/apps\/dashboard\.html \(show-dashboard, refresh-data\)$/m);
    expect(out).toMatch(/^ {2}app-only tools: refresh-data$/m);
    expect(out).toMatch(/^ {2}model-only tools: model-only$/m);
    expect(out).toMatch(/^ {2}tools for no one \(invalid visibility\): typo-visibility$/m);
    expect(out).toMatch(/^client capabilities: io\.modelcontextprotocol\/ui$/m);
  });

  it("should add them to --json as each server's apps", async () => {
    const run = await runCli(["inspect", path, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      servers: { name: string; toolCount: number; apps?: unknown }[];
    };
    const monitor = report.servers.find((s) => s.name === "monitor");
    expect(monitor?.toolCount).toBe(1);
    expect(monitor?.apps).toStrictEqual({
      server: "monitor",
      resources: ["ui://system-monitor/mcp-app.html"],
      tools: [
        {
          rawName: "get-system-info",
          name: "mcp__monitor__get-system-info",
          visibility: ["model", "app"],
          resourceUri: "ui://system-monitor/mcp-app.html",
        },
        { rawName: "poll-system-stats", visibility: ["app"] },
      ],
    });
  });
});
