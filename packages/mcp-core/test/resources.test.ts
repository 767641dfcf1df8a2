// Resources and prompts in both protocol eras: the catalog listed (resources, templates, prompts),
// text and blob reads, prompts got with arguments, a resource-list change followed (one event), a
// subscribed resource's update delivered (and again after a restart), and reads that fail resolve
// with a code (unknown server, stopped server, timeout, abort, unknown resource). The era fixtures
// run with `--resources` (fixtures/lib/resources.mjs): `dual-era` pinned to 2025-11-25 for the 2025
// era, `modern` for 2026-07-28; over stdio, and over HTTP where the notifications take another path.
import {
  countEvents,
  readLog,
  startHttpFixture,
  stdioServer,
  tinyPngBase64,
  waitFor,
} from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import type { McpSource, PromptsChange, ResourcesChange, ResourceUpdate } from "../src/index.js";
import { callOk, failOnUnhandledRejections, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });
const S = "s";

interface EraCase {
  era: "2025" | "2026";
  wire: "stdio" | "http";
  entry(log: string): Promise<{ entry: object; stop?: () => Promise<void> }>;
}

const CASES: EraCase[] = [
  {
    era: "2025",
    wire: "stdio",
    entry: async (log) => ({
      entry: { ...stdioServer("dual-era", ["--resources", "--log", log]), protocol: "2025-11-25" },
    }),
  },
  {
    era: "2026",
    wire: "stdio",
    entry: async (log) => ({ entry: stdioServer("modern", ["--resources", "--log", log]) }),
  },
  {
    era: "2025",
    wire: "http",
    entry: async (log) => {
      const http = await startHttpFixture("dual-era", ["--resources", "--log", log]);
      return { entry: { url: http.url, protocol: "2025-11-25" }, stop: () => http.stop() };
    },
  },
  {
    era: "2026",
    wire: "http",
    entry: async (log) => {
      const http = await startHttpFixture("modern", ["--resources", "--log", log]);
      return { entry: { url: http.url }, stop: () => http.stop() };
    },
  },
];

async function loadCase(
  c: EraCase,
  options: Parameters<typeof sources.load>[1] = {},
): Promise<{ source: McpSource; log: string }> {
  const log = tempLogFile(`${c.era}-${c.wire}.log`);
  const { entry, stop } = await c.entry(log);
  if (stop) afterEachStop.push(stop);
  const source = await sources.load({ mcpServers: { [S]: entry } }, options);
  await source.whenSettled();
  return { source, log };
}

const afterEachStop: (() => Promise<void>)[] = [];
afterEach(async () => {
  await sources.closeAll();
  await Promise.all(afterEachStop.splice(0).map((stop) => stop()));
});

describe.each(CASES)("resources and prompts, $era era over $wire", (c) => {
  it("should list resources, templates and prompts with their server", async () => {
    const { source } = await loadCase(c);
    expect(source.resources().map((r) => [r.server, r.uri, r.mimeType])).toEqual([
      [S, "text://greeting", "text/plain"],
      [S, "blob://pixel", "image/png"],
    ]);
    expect(source.resources()[0]).toMatchObject({
      name: "greeting",
      title: "Greeting",
      description: "A text resource",
    });
    expect(source.resourceTemplates().map((t) => t.uriTemplate)).toEqual(["note://{id}", "slow://{ms}"]);
    const greet = source.prompts().find((p) => p.name === "greet");
    expect(greet).toMatchObject({
      server: S,
      arguments: [
        { name: "name", required: true },
        { name: "style", required: false },
      ],
    });
  });

  it("should read a text resource, a blob resource and a templated one", async () => {
    const { source } = await loadCase(c);
    const text = await source.readResource(S, "text://greeting");
    expect(text).toEqual({
      contents: [{ uri: "text://greeting", mimeType: "text/plain", text: "hello v0" }],
      isError: false,
    });
    const blob = await source.readResource(S, "blob://pixel");
    expect(blob.contents).toEqual([{ uri: "blob://pixel", mimeType: "image/png", blob: tinyPngBase64 }]);
    expect((await source.readResource(S, "note://7")).contents[0]).toMatchObject({ text: "note 7" });
  });

  it("should get prompts with arguments, images and embedded resources", async () => {
    const { source } = await loadCase(c);
    const greet = await source.getPrompt(S, "greet", { name: "Ann", style: "warm" });
    expect(greet).toEqual({
      description: "A greeting",
      messages: [{ role: "user", content: { type: "text", text: "Say hello to Ann (warm)" } }],
      isError: false,
    });
    const picture = await source.getPrompt(S, "picture");
    expect(picture.messages.map((m) => [m.role, m.content.type])).toEqual([
      ["user", "image"],
      ["assistant", "resource"],
    ]);
  });

  it("should follow a resource list change with exactly one event", async () => {
    const seen: ResourcesChange[] = [];
    const { source } = await loadCase(c, { onResourcesChange: (_server, change) => seen.push(change) });
    const events: [string, ResourcesChange][] = [];
    source.onResourcesChange((server, change) => events.push([server, change]));
    await callOk(source, "add_resource", { name: "extra" });
    await waitFor(() => source.resources().some((r) => r.uri === "text://extra"), {
      message: "the added resource is listed",
    });
    await source.whenSettled();
    expect(events).toEqual([[S, { added: ["text://extra"], removed: [], changed: [] }]]);
    // The load option also saw the first listing arrive (it is listed once the server runs).
    expect(seen).toEqual([
      { added: ["text://greeting", "blob://pixel"], removed: [], changed: [] },
      { added: ["text://extra"], removed: [], changed: [] },
    ]);
  });

  it("should follow a prompt list change with exactly one event (the load option from the first listing on)", async () => {
    const seen: PromptsChange[] = [];
    const { source } = await loadCase(c, { onPromptsChange: (_server, change) => seen.push(change) });
    const first = source.prompts().map((p) => p.name);
    const events: [string, PromptsChange][] = [];
    source.onPromptsChange((server, change) => events.push([server, change]));
    await callOk(source, "add_prompt", { name: "extra" });
    await waitFor(() => source.prompts().some((p) => p.name === "extra"), {
      message: "the added prompt is listed",
    });
    await source.whenSettled();
    expect(events).toEqual([[S, { added: ["extra"], removed: [], changed: [] }]]);
    // The load option also saw the first listing arrive, which a later subscriber cannot.
    expect(first.length).toBeGreaterThan(0);
    expect(seen).toEqual([
      { added: first, removed: [], changed: [] },
      { added: ["extra"], removed: [], changed: [] },
    ]);
    expect((await source.getPrompt(S, "extra")).messages).toEqual([
      { role: "user", content: { type: "text", text: "extra" } },
    ]);
  });

  it("should deliver a subscribed resource's updates, also after a restart", async () => {
    const updates: ResourceUpdate[] = [];
    const { source, log } = await loadCase(c, {
      onResourceUpdated: (_server, update) => updates.push(update),
    });
    const unsubscribe = await source.subscribeResource(S, "text://greeting");
    if (c.era === "2025") expect(await countEvents(log, "subscribe")).toBe(1);
    await callOk(source, "touch_resource", { uri: "text://greeting" });
    await waitFor(() => updates.length === 1, { message: "the update is delivered" });
    expect(updates).toEqual([{ uri: "text://greeting" }]);
    expect((await source.readResource(S, "text://greeting")).contents[0]).toMatchObject({ text: "hello v1" });

    await source.restart(S);
    if (c.era === "2025") await waitFor(async () => (await countEvents(log, "subscribe")) === 2);
    else await source.whenSettled();
    await callOk(source, "touch_resource", { uri: "text://greeting" });
    await waitFor(() => updates.length === 2, { message: "the update is delivered after the restart" });

    await unsubscribe();
    if (c.era === "2025") expect(await countEvents(log, "unsubscribe")).toBe(1);
  });
});

describe.each(CASES.filter((c) => c.wire === "stdio"))("resource reads that fail, $era era", (c) => {
  it("should resolve an unknown server, a stopped server and an unknown resource with codes", async () => {
    const { source } = await loadCase(c);
    const unknown = await source.readResource("nope", "text://greeting");
    expect(unknown).toMatchObject({ contents: [], isError: true, error: { code: "SERVER_UNKNOWN" } });
    const prompt = await source.getPrompt("nope", "greet");
    expect(prompt).toMatchObject({ messages: [], isError: true, error: { code: "SERVER_UNKNOWN" } });
    const missing = await source.readResource(S, "text://missing");
    expect(missing).toMatchObject({ isError: true, error: { kind: "protocol", code: "PROTOCOL_ERROR" } });
    await source.stop(S);
    const stopped = await source.readResource(S, "text://greeting");
    expect(stopped).toMatchObject({ isError: true, error: { kind: "unavailable", code: "SERVER_STOPPED" } });
    await source.close();
    expect(await source.readResource(S, "text://greeting")).toMatchObject({ error: { code: "CLOSED" } });
  });

  it("should resolve a read past its timeout or maxTotalTimeoutMs with TIMEOUT and an aborted one with ABORTED", async () => {
    const { source, log } = await loadCase(c);
    const timedOut = await source.readResource(S, "slow://5000", { timeoutMs: 200 });
    expect(timedOut).toMatchObject({ isError: true, error: { kind: "timeout", code: "TIMEOUT" } });
    const abort = new AbortController();
    const pending = source.readResource(S, "slow://5000", { signal: abort.signal });
    await waitFor(() => readLog(log).filter((e) => e.event === "reading").length === 2, {
      message: "the second read reaching the server",
    });
    abort.abort();
    expect(await pending).toMatchObject({ isError: true, error: { kind: "aborted", code: "ABORTED" } });
    const bounded = await source.readResource(S, "slow://5000", { maxTotalTimeoutMs: 200 });
    expect(bounded).toMatchObject({
      isError: true,
      error: { kind: "timeout", code: "TIMEOUT", message: expect.stringMatching(/after 200 ms in total$/) },
    });
    // All three reached the server as a cancellation.
    await waitFor(async () => (await readLog(log)).filter((e) => e.event === "aborted").length === 3);
  });

  it("should start a lazy server to read, as a tool call would", async () => {
    const log = tempLogFile("lazy.log");
    const source = await sources.load({
      mcpServers: { [S]: { ...((await c.entry(log)).entry as object), lazy: true } },
    });
    await source.whenSettled();
    const read = await source.readResource(S, "text://greeting");
    expect(read.contents[0]).toMatchObject({ text: "hello v0" });
    expect(source.state(S)).toBe("running");
  });
});

describe("a subscription sent again after a restart, still on the wire", () => {
  it("should have told the server when the unsubscribe resolves", async () => {
    const log = tempLogFile("resubscribe-in-flight.log");
    const args = ["--resources", "--subscribe-delay-ms", "300", "--log", log];
    const source = await sources.load({
      mcpServers: { [S]: { ...stdioServer("dual-era", args), protocol: "2025-11-25" } },
    });
    const unsubscribe = await source.subscribeResource(S, "text://greeting");
    await source.restart(S);
    // The new session's subscribe has reached the server; its answer is 300 ms away.
    await waitFor(async () => (await countEvents(log, "subscribe")) === 2);
    await unsubscribe();
    expect(await countEvents(log, "unsubscribe")).toBe(1);
  });
});
