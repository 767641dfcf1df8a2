// The era fixtures (`modern`, `dual-era`, on the v2 server package) proven with the v2 CLIENT
// directly, over stdio and HTTP, plus our
// loadMcp against the dual-era fixture (modern era in auto, legacy when pinned). Real processes, bounded waits.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { countEvents, type FixtureName, fixturePath, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
});

type Mode = "auto" | "legacy";
type Wire = "stdio" | "http";

async function connect(name: FixtureName, wire: Wire, mode: Mode, log: string): Promise<Client> {
  const client = new Client(
    { name: "era-fixtures-test", version: "1.0.0" },
    { versionNegotiation: { mode, probe: { timeoutMs: 2000 } } },
  );
  clients.push(client);
  if (wire === "stdio") {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [fixturePath(name), "--log", log],
        stderr: "pipe",
      }),
    );
  } else {
    const fixture = await httpFixture(name, ["--log", log]);
    await client.connect(new StreamableHTTPClientTransport(new URL(fixture.url)));
  }
  return client;
}

const textOf = (result: unknown): string =>
  ((result as { content?: Array<{ type: string; text?: string }> }).content ?? [])
    .map((block) => (block.type === "text" ? block.text : ""))
    .join("");

describe.each(["modern", "dual-era"] as const)("the %s fixture", (name) => {
  describe.each(["stdio", "http"] as const)("over %s", (wire) => {
    it("should negotiate the modern era in auto mode and serve basic's tools", async () => {
      const log = tempLogFile(`${name}-${wire}.log`);
      const client = await connect(name, wire, "auto", log);
      expect(client.getProtocolEra()).toBe("modern");
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect(client.getDiscoverResult()).toBeDefined();

      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        "echo",
        "add",
        "image",
        "slow",
        "fail",
        "pid",
        "ask",
        "add_tool",
      ]);
      expect(textOf(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toBe("hi");
      const sum = await client.callTool({ name: "add", arguments: { a: 1, b: 2 } });
      expect(sum.structuredContent).toEqual({ sum: 3 });
      const fail = await client.callTool({ name: "fail", arguments: {} });
      expect(fail.isError).toBe(true);
      expect(textOf(fail)).toBe("tool failed on purpose");
      const image = await client.callTool({ name: "image", arguments: {} });
      expect(image.content).toMatchObject([{ type: "image", mimeType: "image/png" }, { type: "text" }]);
      const pid = Number(textOf(await client.callTool({ name: "pid", arguments: {} })));
      expect(Number.isInteger(pid) && pid > 0).toBe(true);
      const progress: number[] = [];
      const slow = await client.callTool(
        { name: "slow", arguments: { ms: 100, steps: 3 } },
        { onprogress: (p) => progress.push(p.progress) },
      );
      expect(textOf(slow)).toBe("done");
      // The SDK client handles a notification a microtask after the message before it, so a last
      // step it reads in the same chunk as the result is dropped; the fixture's 50-ms pause makes
      // that rare, not impossible (it happened at load average 12). The fixture's part: the steps
      // are sent, in order.
      expect([
        [1, 2],
        [1, 2, 3],
      ]).toContainEqual(progress);

      // Abort reaches the handler (stdio: notifications/cancelled; HTTP: the request's stream closes).
      const controller = new AbortController();
      const calls = countEvents(log, "call");
      const aborted = client.callTool(
        { name: "slow", arguments: { ms: 5000, steps: 5 } },
        { signal: controller.signal },
      );
      await waitFor(() => countEvents(log, "call") > calls, {
        timeoutMs: 5000,
        message: "slow reached the handler",
      });
      controller.abort();
      await expect(aborted).rejects.toThrow();
      await waitFor(() => countEvents(log, "aborted") === 1, { timeoutMs: 5000, message: "aborted event" });

      // One server/discover per connection, logged by the fixture; no initialize in the modern era.
      expect(countEvents(log, "discover")).toBe(1);
      expect(countEvents(log, "initialize")).toBe(0);
    });

    it("should add a tool on request and notify a modern subscriber (subscriptions/listen)", async () => {
      const log = tempLogFile(`${name}-${wire}-listen.log`);
      const client = await connect(name, wire, "auto", log);
      let notified = 0;
      client.setNotificationHandler("notifications/tools/list_changed", () => {
        notified++;
      });
      const subscription = await client.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true });
      expect(textOf(await client.callTool({ name: "add_tool", arguments: { name: "extra" } }))).toBe(
        "added extra",
      );
      await waitFor(() => notified >= 1, { timeoutMs: 5000, message: "tools/list_changed" });
      const { tools } = await client.listTools({}, { cacheMode: "bypass" });
      expect(tools.map((tool) => tool.name)).toContain("extra");
      expect(textOf(await client.callTool({ name: "extra", arguments: {} }))).toBe("extra ok");
      expect(notified).toBe(1);
      await subscription.close();
      expect(countEvents(log, "listen")).toBeGreaterThanOrEqual(1);
      expect(countEvents(log, "list_changed")).toBe(1);
    });
  });
});

describe.each(["stdio", "http"] as const)("era verdicts over %s", (wire) => {
  it("should refuse a legacy-mode client at the modern-only fixture with -32022", async () => {
    const log = tempLogFile(`modern-${wire}-legacy.log`);
    const error = await connect("modern", wire, "legacy", log).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const e = error as { code?: unknown; data?: { status?: number; text?: string; supported?: string[] } };
    if (wire === "stdio") {
      expect(e.code).toBe(-32022);
      expect(e.data?.supported).toEqual(["2026-07-28"]);
    } else {
      expect(e.data?.status).toBe(400);
      expect(e.data?.text).toMatch(/-32022/);
    }
    expect(countEvents(log, "initialize")).toBe(1);
    expect(countEvents(log, "discover")).toBe(0);
  });

  it("should serve a legacy-mode client at the dual-era fixture in the legacy era", async () => {
    const log = tempLogFile(`dual-${wire}-legacy.log`);
    const client = await connect("dual-era", wire, "legacy", log);
    expect(client.getProtocolEra()).toBe("legacy");
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    let notified = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      notified++;
    });
    expect(textOf(await client.callTool({ name: "echo", arguments: { text: "old" } }))).toBe("old");
    await client.callTool({ name: "add_tool", arguments: { name: "extra" } });
    // stdio: the connection's instance notifies; HTTP: the session's instance, on its GET stream.
    await waitFor(() => notified === 1, { timeoutMs: 5000, message: "tools/list_changed" });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("extra");
    expect(countEvents(log, "discover")).toBe(0);
  });

  it("should be loaded by loadMcp in the modern era from the dual-era fixture, and in the legacy era when pinned", async () => {
    const log = tempLogFile(`dual-${wire}-loadmcp.log`);
    const entry =
      wire === "stdio"
        ? { command: process.execPath, args: [fixturePath("dual-era"), "--log", log] }
        : { url: (await httpFixture("dual-era", ["--log", log])).url };
    const source = await sources.load(
      { mcpServers: { dual: entry, pinned: { ...entry, protocol: "2025-11-25" } } },
      { autoRestart: { enabled: false } },
    );
    expect(source.state("dual")).toBe("running");
    const [dual, pinned] = source.servers();
    expect(dual?.protocolVersion).toBe("2026-07-28");
    expect(pinned?.protocolVersion).toBe("2025-11-25");
    for (const server of ["dual", "pinned"]) {
      const echo = source.tools.find((tool) => tool.server === server && tool.rawName === "echo");
      await expect(echo?.execute({ text: "via loadMcp" })).resolves.toMatchObject({ text: "via loadMcp" });
    }
    // One probe for the auto server, one initialize for the pinned one (they share the log).
    expect(countEvents(log, "discover")).toBeGreaterThanOrEqual(1);
    expect(countEvents(log, "initialize")).toBeGreaterThanOrEqual(1);
  });
});
