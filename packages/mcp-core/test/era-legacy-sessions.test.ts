// The dual-era fixture's legacy HTTP leg is sessionful (fixtures/lib/legacy-sessions.mjs): a legacy
// client gets a session id, a GET stream carrying list_changed, cancellation that reaches the
// running call, and 404 for a session the server no longer knows. Proven with the v2 client in
// legacy mode and raw HTTP; real processes, bounded waits.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { countEvents, waitFor } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { failOnUnhandledRejections, httpFixture, tempLogFile } from "./support/harness.js";

failOnUnhandledRejections();

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
});

async function legacyClient(
  url: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: "era-legacy-sessions-test", version: "1.0.0" });
  clients.push(client);
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

describe("dual-era over HTTP, legacy era", () => {
  it("should give each legacy client a session and tell every session about an added tool", async () => {
    const log = tempLogFile("dual-sessions.log");
    const fixture = await httpFixture("dual-era", ["--log", log]);
    const first = await legacyClient(fixture.url);
    const second = await legacyClient(fixture.url);
    expect(first.client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect(first.transport.sessionId).toEqual(expect.any(String));
    expect(second.transport.sessionId).not.toBe(first.transport.sessionId);
    const notified = [0, 0];
    for (const [i, { client }] of [first, second].entries()) {
      client.setNotificationHandler("notifications/tools/list_changed", () => {
        notified[i] = (notified[i] ?? 0) + 1;
      });
    }
    await first.client.callTool({ name: "add_tool", arguments: { name: "extra" } });
    await waitFor(() => notified[0] === 1 && notified[1] === 1, {
      timeoutMs: 5000,
      message: "list_changed on both sessions' GET streams",
    });
    const listed = await second.client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toContain("extra");
    expect(await second.client.callTool({ name: "extra", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "extra ok" }],
    });
    expect(countEvents(log, "initialize")).toBe(2);
    expect(countEvents(log, "discover")).toBe(0);
  });

  it("should stop slow when a legacy client aborts the call", async () => {
    const log = tempLogFile("dual-abort.log");
    const fixture = await httpFixture("dual-era", ["--log", log]);
    const { client } = await legacyClient(fixture.url);
    const controller = new AbortController();
    const call = client.callTool(
      { name: "slow", arguments: { ms: 20_000, steps: 2 } },
      { signal: controller.signal },
    );
    await waitFor(() => countEvents(log, "call") === 1, { timeoutMs: 5000, message: "slow to start" });
    controller.abort();
    await expect(call).rejects.toThrow();
    await waitFor(() => countEvents(log, "aborted") === 1, { timeoutMs: 5000, message: "slow to stop" });
    expect(countEvents(log, "cancelled")).toBe(1);
  });

  it("should answer 404 to a session id it does not know, and 400 to a request without one", async () => {
    const fixture = await httpFixture("dual-era");
    const post = (headers: Record<string, string>) =>
      fetch(fixture.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
    const unknown = await post({ "mcp-session-id": "no-such-session" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: -32001, message: "Session not found" } });
    const missing = await post({});
    expect(missing.status).toBe(400);
    await missing.body?.cancel();
  });
});

describe("basic over HTTP (v1 session host)", () => {
  it("should log a server/discover probe it refuses, so probes can be counted", async () => {
    const log = tempLogFile("basic-probe.log");
    const fixture = await httpFixture("basic", ["--log", log]);
    const probe = await fetch(fixture.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: {} }),
    });
    expect(probe.status).toBe(400);
    await probe.body?.cancel();
    expect(countEvents(log, "discover")).toBe(1);
    expect(countEvents(log, "initialize")).toBe(0);
  });
});
