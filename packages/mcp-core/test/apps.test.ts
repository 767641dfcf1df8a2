import { join } from "node:path";
import {
  countEvents,
  makeTempDir,
  readLog,
  removeTempDir,
  stdioServer,
  systemMonitorServer,
  waitFor,
} from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appFingerprint } from "../src/apps/app-view.js";
import { loadMcp, type McpAppView, type McpDrift, type McpSource, type McpToolApp } from "../src/index.js";
import { toolUi } from "../src/tools/tool-visibility.js";
import { toolByRawName } from "./support/harness.js";

// MCP Apps against real processes: the `apps` fixture (built on ext-apps' registerAppTool /
// registerAppResource) and the extension's published example server, system-monitor. One source
// opted in (`apps: {}`) and one not, each shared by the cases (they are independent).
const dir = makeTempDir("apps-");
const log = join(dir, "apps.log");
const drifts: McpDrift[] = [];
let plain: McpSource;
let apps: McpSource;
let held: McpSource;

const config = () => ({
  mcpServers: { apps: stdioServer("apps", ["--log", log]), monitor: systemMonitorServer() },
});

beforeAll(async () => {
  const base = { toolCache: null, taskStore: null, pinStore: null } as const;
  [plain, apps, held] = await Promise.all([
    loadMcp(config(), base),
    loadMcp(config(), { ...base, apps: {} }),
    loadMcp({ mcpServers: { apps: stdioServer("apps") } }, { ...base, apps: {}, drift: "hold" }),
  ]);
  apps.onDrift((_server, drift) => drifts.push(drift));
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), apps?.close(), held?.close()]);
  removeTempDir(dir);
});

const rawNames = (source: McpSource, server: string) =>
  source.tools.filter((t) => t.server === server).map((t) => t.rawName);

function view(app: McpToolApp | undefined): McpAppView {
  if (!app || "error" in app) throw new Error(`no app view: ${JSON.stringify(app)}`);
  return app;
}

describe("MCP Apps: who a tool is for", () => {
  it("keeps app-only tools and a malformed visibility out of the model's set, opted in or not", () => {
    for (const source of [plain, apps]) {
      expect(rawNames(source, "apps").sort()).toStrictEqual(
        [
          "client-ui",
          "hostile-view",
          "model-only",
          "plain-view",
          "rewrite-app",
          "show-dashboard",
          "web-view",
        ].sort(),
      );
      expect(rawNames(source, "monitor")).toStrictEqual(["get-system-info"]);
    }
  });

  it("lists each server's apps and app-only tools", () => {
    const [fixture, monitor] = apps.apps();
    expect(monitor).toStrictEqual({
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
    expect(fixture?.resources).toStrictEqual([
      "ui://apps/dashboard.html",
      "ui://apps/hostile.html",
      "ui://apps/plain.html",
    ]);
    expect(fixture?.tools.find((t) => t.rawName === "typo-visibility")).toStrictEqual({
      rawName: "typo-visibility",
      visibility: [],
    });
    expect(fixture?.tools.find((t) => t.rawName === "model-only")?.visibility).toStrictEqual(["model"]);
  });

  it("reads _meta.ui as the extension defines it, deny by default", () => {
    expect(toolUi({})).toStrictEqual({ model: true, app: true });
    expect(toolUi({ _meta: { ui: { visibility: ["app"] } } })).toStrictEqual({ model: false, app: true });
    expect(toolUi({ _meta: { ui: { visibility: [] } } })).toStrictEqual({ model: false, app: false });
    expect(toolUi({ _meta: { ui: { visibility: ["app", 1] } } })).toStrictEqual({ model: false, app: false });
    expect(toolUi({ _meta: { "ui/resourceUri": "ui://a/b" } }).resourceUri).toBe("ui://a/b");
    expect(toolUi({ _meta: { ui: { resourceUri: "https://a/b" } } }).resourceUri).toBeUndefined();
  });
});

describe("MCP Apps: the extension and the resource with the result", () => {
  it("fingerprints a view as SPEC §9.5.3 gives it", () => {
    const view = {
      uri: "ui://a",
      mimeType: "text/html;profile=mcp-app" as const,
      html: "<p>x</p>",
      csp: {},
      permissions: {},
    };
    expect(appFingerprint(view)).toBe(
      "sha256:88a3e1b3263064697b029e522928b5aba22c978cdc33cd5f5a9b937ed225e5a6",
    );
  });

  it("declares io.modelcontextprotocol/ui only when the host opts in", async () => {
    expect((await toolByRawName(plain, "client-ui").execute({})).text).toBe("null");
    expect(JSON.parse((await toolByRawName(apps, "client-ui").execute({})).text)).toStrictEqual({
      mimeTypes: ["text/html;profile=mcp-app"],
    });
  });

  it("delivers the example server's app resource with its tool's result, not without opting in", async () => {
    const result = await toolByRawName(apps, "get-system-info", "monitor").execute({});
    expect(result.isError).toBe(false);
    const app = view(result.app);
    expect(app).toMatchObject({
      server: "monitor",
      uri: "ui://system-monitor/mcp-app.html",
      mimeType: "text/html;profile=mcp-app",
      csp: {},
      permissions: {},
      dropped: [],
    });
    expect(app.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(app.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await toolByRawName(plain, "get-system-info", "monitor").execute({})).app).toBeUndefined();
  });

  it("reads a resource once and gives its declared sandbox", async () => {
    const reads = countEvents(log, "read");
    const [first, second] = await Promise.all([
      toolByRawName(apps, "show-dashboard").execute({}),
      toolByRawName(apps, "show-dashboard").execute({}),
    ]);
    const third = await toolByRawName(apps, "show-dashboard").execute({});
    expect(countEvents(log, "read") - reads).toBeLessThanOrEqual(1);
    const app = view(first.app);
    expect(view(second.app).fingerprint).toBe(app.fingerprint);
    expect(view(third.app).fingerprint).toBe(app.fingerprint);
    expect(app).toMatchObject({
      csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] },
      permissions: { clipboardWrite: {} },
      prefersBorder: true,
      dropped: [],
    });
  });

  it("drops an invalid CSP, unknown permissions and fields of the wrong type", async () => {
    const app = view((await toolByRawName(apps, "hostile-view").execute({})).app);
    expect(app.html).toBe("<!DOCTYPE html><html><body>hostile</body></html>");
    expect(app.csp).toStrictEqual({
      connectDomains: ["https://ok.example.com"],
      frameDomains: ["https://*.frames.example.com"],
    });
    expect(app.permissions).toStrictEqual({ camera: {} });
    expect(app.domain).toBeUndefined();
    expect(app.prefersBorder).toBeUndefined();
    expect(app.dropped.sort()).toStrictEqual(
      [
        "csp.connectDomains[1]",
        "csp.connectDomains[2]",
        "csp.connectDomains[3]",
        "csp.connectDomains[4]",
        "csp.connectDomains[5]",
        "csp.resourceDomains",
        "csp.scriptDomains",
        "permissions.microphone",
        "permissions.usb",
        "domain",
        "prefersBorder",
      ].sort(),
    );
  });

  it("refuses a resource of another MIME type and ignores a URI that is not ui://", async () => {
    const plainView = await toolByRawName(apps, "plain-view").execute({});
    expect(plainView.text).toBe("plain view shown");
    expect(plainView.app).toMatchObject({ uri: "ui://apps/plain.html", error: { code: "APP_INVALID" } });
    expect((await toolByRawName(apps, "web-view").execute({})).app).toBeUndefined();
  });

  it("reads a changed resource again after list_changed and reports its drift", async () => {
    const before = view((await toolByRawName(apps, "show-dashboard").execute({})).app);
    expect((await toolByRawName(apps, "rewrite-app").execute({})).isError).toBe(false);
    const after = await waitFor(
      async () => {
        const app = view((await toolByRawName(apps, "show-dashboard").execute({})).app);
        return app.fingerprint !== before.fingerprint && app;
      },
      { timeoutMs: 20_000, message: "the dashboard read again" },
    );
    expect(after.html).toContain("Dashboard v2");
    const drift = drifts.find((d) => d.changed.some((item) => item.name === "ui://apps/dashboard.html"));
    expect(drift?.server).toBe("apps");
    expect(drift?.changed[0]).toMatchObject({ kind: "app-resource", fields: ["html"] });
  });

  it("holds a changed resource under the hold policy until the host approves it", async () => {
    const show = () => toolByRawName(held, "show-dashboard").execute({});
    const first = view((await show()).app);
    await toolByRawName(held, "rewrite-app").execute({});
    const refused = await waitFor(
      async () => {
        const { app } = await show();
        return app && "error" in app && app;
      },
      { timeoutMs: 20_000, message: "the changed dashboard held" },
    );
    expect(refused.error.code).toBe("APP_HELD");
    expect(await held.approveDrift("apps", ["ui://apps/dashboard.html"])).toStrictEqual([
      "ui://apps/dashboard.html",
    ]);
    const approved = view((await show()).app);
    expect(approved.fingerprint).not.toBe(first.fingerprint);
    expect(approved.html).toContain("Dashboard v2");
  });
});

describe("MCP Apps: the app bridge", () => {
  it("calls app-visible tools through the pipeline and refuses model-only ones", async () => {
    const bridge = apps.appBridge("apps");
    expect(bridge.tools().map((t) => t.rawName)).toStrictEqual([
      "show-dashboard",
      "refresh-data",
      "hostile-view",
      "plain-view",
      "web-view",
      "rewrite-app",
      "client-ui",
    ]);
    expect((await bridge.callTool("refresh-data")).text).toMatch(/^refreshed \d+$/);
    const refused = await bridge.callTool("model-only", { note: "x" });
    expect(refused).toMatchObject({ isError: true, error: { kind: "unavailable", code: "APP_NOT_ALLOWED" } });
    expect(readLog(log).some((e) => e.event === "model-only-called")).toBe(false);
    expect((await bridge.callTool("typo-visibility")).error?.code).toBe("APP_NOT_ALLOWED");
    expect((await bridge.callTool("no-such-tool")).error?.code).toBe("APP_NOT_ALLOWED");
    const read = await bridge.readResource("ui://apps/dashboard.html");
    expect(read.isError).toBe(false);
    expect(read.contents[0]?.mimeType).toBe("text/html;profile=mcp-app");
  });

  it("calls the example server's app-only tool", async () => {
    const result = await apps.appBridge("monitor").callTool("poll-system-stats");
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ memory: expect.any(Object) });
  });

  it("applies the host's approval rule and timeouts, deny by default", async () => {
    const ask = apps.appBridge("apps", { needsApproval: (tool) => tool.rawName === "refresh-data" });
    expect((await ask.callTool("refresh-data")).error?.code).toBe("APPROVAL_DENIED");
    const asked: string[] = [];
    const yes = apps.appBridge("apps", {
      needsApproval: () => true,
      approve: (tool) => {
        asked.push(tool.rawName);
        return tool.rawName === "refresh-data";
      },
    });
    expect((await yes.callTool("refresh-data")).isError).toBe(false);
    expect((await yes.callTool("show-dashboard")).error?.code).toBe("APPROVAL_DENIED");
    expect(asked).toStrictEqual(["refresh-data", "show-dashboard"]);
    expect((await yes.callTool("refresh-data", {}, { timeoutMs: -1 })).error?.code).toBe("PROTOCOL_ERROR");
  });
});
