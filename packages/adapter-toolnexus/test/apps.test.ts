import { stdioServer, systemMonitorServer } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";

// MCP Apps (SPEC "MCP Apps") with the extension's published example server and the apps fixture,
// both real processes: app-only tools never reach toolnexus's tools; with `apps` the resource
// rides on `metadata.app`, without it the result is toolnexus's, byte for byte.
type Loaded = Awaited<ReturnType<typeof loadMcp>>;
const config = { mcp: { apps: stdioServer("apps"), monitor: systemMonitorServer() } };
let plain: Loaded;
let apps: Loaded;
beforeAll(async () => {
  [plain, apps] = await Promise.all([
    loadMcp(config, { toolCache: false }),
    loadMcp(config, { toolCache: false, apps: {} }),
  ]);
}, 60_000);
afterAll(() => Promise.all([plain?.close(), apps?.close()]));

const tool = (loaded: Loaded, name: string) => {
  const found = loaded.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe("toolnexus: MCP Apps", () => {
  it("offers no app-only tool", () => {
    for (const loaded of [plain, apps]) {
      const names = loaded.tools.map((t) => t.name);
      expect(names).toContain("monitor_get-system-info");
      for (const appOnly of ["poll-system-stats", "refresh-data", "typo-visibility"]) {
        expect(names.some((name) => name.endsWith(`_${appOnly}`))).toBe(false);
      }
    }
  });

  it("gives the app resource as metadata.app when opted in, and toolnexus's result otherwise", async () => {
    const ctx = { timeout: 30_000 } as never;
    expect(await tool(plain, "apps_show-dashboard").execute({}, ctx)).toStrictEqual({
      output: "dashboard v1",
      isError: false,
      metadata: { server: "apps" },
    });
    const result = await tool(apps, "apps_show-dashboard").execute({}, ctx);
    expect(result.output).toBe("dashboard v1");
    expect(result.metadata).toMatchObject({ server: "apps", app: { uri: "ui://apps/dashboard.html" } });
  });
});
