// The resource catalog's bounds and sources: every page listed, at most MAX_CATALOG_ITEMS kept per
// server (one warning), a lazy server's cached catalog shown without a spawn (and a corrupt cached
// array read as absent), and a real third-party server, @modelcontextprotocol/server-everything:
// its resources, templates and prompts listed, text and blob resources read, a prompt with arguments;
// a hostile listing (huge URI, huge name and description, malformed and duplicate items) bounded.
import { createRequire } from "node:module";
import { countEvents, hostileServer, makeTempDir, removeTempDir, stdioServer } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_CATALOG_ITEMS, MAX_CATALOG_TEXT_CHARS } from "../src/config-entry.js";
import type { ToolCacheStore } from "../src/index.js";
import { configFingerprint, fileToolCache, type ToolCacheEntry } from "../src/stores.js";
import { failOnUnhandledRejections, serverConfig, tempLogFile, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null });
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => removeTempDir(dir)));
});

describe("resource listing bounds", () => {
  it("should list every page of resources", async () => {
    const log = tempLogFile("pages.log");
    const args = ["--tools", "1", "--resources", "25", "--page-size", "10", "--log", log];
    const source = await sources.load({ mcpServers: { p: stdioServer("paginated", args) } });
    await source.whenSettled();
    expect(source.resources().map((r) => r.uri)).toEqual(
      Array.from({ length: 25 }, (_, i) => `res://${String(i).padStart(5, "0")}`),
    );
    expect(await countEvents(log, "list_resources")).toBe(3);
    expect((await source.readResource("p", "res://00024")).contents[0]).toMatchObject({
      text: "resource 00024",
    });
  });

  it("should keep at most MAX_CATALOG_ITEMS resources of a server and warn once", async () => {
    const warnings: string[] = [];
    const args = ["--tools", "1", "--resources", String(MAX_CATALOG_ITEMS + 50), "--page-size", "2000"];
    const source = await sources.load(
      { mcpServers: { big: stdioServer("paginated", args) } },
      { onWarning: (w) => warnings.push(w) },
    );
    await source.whenSettled();
    expect(source.resources()).toHaveLength(MAX_CATALOG_ITEMS);
    expect(warnings.filter((w) => w.includes(`more than ${MAX_CATALOG_ITEMS} resources`))).toHaveLength(1);
  }, 20_000);
});

describe("a lazy server's cached catalog", () => {
  it("should show the resources and prompts of the cache without spawning the server", async () => {
    const dir = await makeTempDir("res-cache-");
    dirs.push(dir);
    const log = tempLogFile("lazy.log");
    const config = {
      mcpServers: { s: { ...stdioServer("modern", ["--resources", "--log", log]), lazy: true } },
    };
    const first = await sources.load(config, { toolCache: fileToolCache(dir) });
    await first.whenSettled();
    await first.close();
    expect(await countEvents(log, "start")).toBe(1);

    const second = await sources.load(config, { toolCache: fileToolCache(dir) });
    await second.whenSettled();
    expect(second.resources().map((r) => r.uri)).toEqual(["text://greeting", "blob://pixel"]);
    expect(second.resourceTemplates().map((t) => t.uriTemplate)).toEqual(["note://{id}", "slow://{ms}"]);
    expect(second.prompts().map((p) => p.name)).toEqual(["greet", "picture"]);
    expect(second.state("s")).toBe("stopped");
    expect(await countEvents(log, "start")).toBe(1);
  });

  it("should read a cached resources array with an invalid item as absent, keeping the tools", async () => {
    const config = { mcpServers: { s: { ...stdioServer("modern", ["--resources"]), lazy: true } } };
    const key = configFingerprint(await serverConfig(config, "s"));
    const entry = {
      version: 1,
      server: "s",
      fingerprint: key,
      savedAt: new Date().toISOString(),
      tools: [{ name: "echo", inputSchema: { type: "object" } }],
      resources: [{ uri: "text://ok", name: "ok" }, { uri: 42 }],
      prompts: [{ name: "p", arguments: [{ name: "a", required: true }] }],
    } as unknown as ToolCacheEntry;
    const store: ToolCacheStore = { get: (k) => (k === key ? entry : undefined), set: () => {} };
    const source = await sources.load(config, { toolCache: store });
    expect(source.tools.map((t) => t.rawName)).toEqual(["echo"]);
    expect(source.resources()).toEqual([]);
    expect(source.prompts()).toEqual([
      { server: "s", name: "p", arguments: [{ name: "a", required: true }] },
    ]);
  });
});

describe("against @modelcontextprotocol/server-everything", () => {
  const everything = createRequire(import.meta.url).resolve(
    "@modelcontextprotocol/server-everything/dist/index.js",
  );

  it("should list its catalog, read text and blob resources and get a prompt with arguments", async () => {
    const source = await sources.load({
      mcpServers: { ev: { command: process.execPath, args: [everything, "stdio"] } },
    });
    await source.whenSettled();
    const uris = source.resources().map((r) => r.uri);
    expect(uris.length).toBeGreaterThan(0);
    expect(source.resources().every((r) => r.server === "ev")).toBe(true);
    const templates = source.resourceTemplates().map((t) => t.uriTemplate);
    expect(templates).toContain("demo://resource/dynamic/text/{resourceId}");

    const text = await source.readResource("ev", "demo://resource/dynamic/text/1");
    expect(text.isError).toBe(false);
    expect(text.contents[0]).toHaveProperty("text");
    const blob = await source.readResource("ev", "demo://resource/dynamic/blob/1");
    expect(blob.isError).toBe(false);
    expect(blob.contents[0]).toHaveProperty("blob");

    const args = source.prompts().find((p) => p.name === "args-prompt");
    expect(args?.arguments?.map((a) => a.name)).toEqual(["city", "state"]);
    const prompt = await source.getPrompt("ev", "args-prompt", { city: "Lyon" });
    expect(prompt.isError).toBe(false);
    expect(JSON.stringify(prompt.messages)).toContain("Lyon");
  }, 20_000);
});

describe("a hostile resource listing", () => {
  it("should drop oversized and malformed resources, cut long texts and keep the rest", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { h: hostileServer("huge-resources") } },
      { onWarning: (w) => warnings.push(w) },
    );
    await source.whenSettled();
    const resources = source.resources();
    expect(resources.map((r) => r.uri)).toEqual(["text://wordy", "text://ok"]);
    const wordy = resources[0];
    expect(wordy?.name.length).toBe(MAX_CATALOG_TEXT_CHARS + 1);
    expect(wordy?.description?.endsWith("…")).toBe(true);
    expect(resources[1]?.name).toBe("ok");
    expect(warnings.filter((w) => w.includes('MCP server "h"')).length).toBe(3);
    expect(warnings.join("\n").length).toBeLessThan(10_000);
  });
});

describe("a resources-only server", () => {
  it("should start with no tools and offer its resources", async () => {
    const source = await sources.load({
      mcpServers: { r: hostileServer("huge-resources", { arg: "no-tools" }) },
    });
    await source.whenSettled();
    expect(source.state("r")).toBe("running");
    expect(source.tools).toEqual([]);
    expect(source.resources().map((r) => r.uri)).toContain("text://ok");
    expect((await source.readResource("r", "text://ok")).contents[0]).toMatchObject({ text: "ok" });
  });
});
