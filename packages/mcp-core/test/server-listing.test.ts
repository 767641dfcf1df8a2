import type { Tool } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { namespacedName } from "../src/config-entry.js";
import { ServerListing } from "../src/tools/server-listing.js";
import { ToolRegistry } from "../src/tools/tool-registry.js";
import type { ToolCaller } from "../src/tools/tool-wrapper.js";
import { serverConfig } from "./support/harness.js";

const tool = (name: string): Tool => ({ name, inputSchema: { type: "object" } });
const caller: ToolCaller = { callTool: () => Promise.reject(new Error("not called")) };

async function setup(entry: object = {}) {
  const config = await serverConfig({ mcpServers: { s: { command: "x", ...entry } } }, "s");
  const registry = new ToolRegistry(["s"], namespacedName, () => {});
  const reported: Tool[][] = [];
  const listing = new ServerListing(config, registry, caller, (tools) => reported.push(tools));
  const raw = () => registry.tools.map((t) => t.rawName);
  return { listing, reported, raw };
}

describe("ServerListing: the one writer of a server's generation", () => {
  it("should drop a discovery that finishes after a live session listed (the session's listing wins)", async () => {
    const { listing, raw } = await setup();
    expect(listing.offer([tool("a"), tool("b")], "session")).toBe(true);
    expect(listing.offer([tool("a")], "discovery")).toBe(false);
    expect(listing.offer([tool("old")], "cache")).toBe(false);
    expect(raw()).toEqual(["a", "b"]);
  });

  it("should let a discovery replace the cache and a session replace both", async () => {
    const { listing, raw } = await setup();
    listing.offer([tool("cached")], "cache");
    listing.offer([tool("found")], "discovery");
    expect(raw()).toEqual(["found"]);
    listing.offer([tool("live")], "session");
    expect(raw()).toEqual(["live"]);
  });

  it("should report fetched listings for the cache, never the cache's own", async () => {
    const { listing, reported } = await setup();
    listing.offer([tool("cached")], "cache");
    listing.offer([tool("found")], "discovery");
    listing.offer([tool("live")], "session");
    expect(reported.map((tools) => tools.map((t) => t.name))).toEqual([["found"], ["live"]]);
  });

  it("should apply the server's tools map once, whatever the origin", async () => {
    const { listing, raw, reported } = await setup({ tools: { b: false } });
    listing.offer([tool("a"), tool("b")], "cache");
    expect(raw()).toEqual(["a"]);
    listing.offer([tool("a"), tool("b")], "session");
    expect(raw()).toEqual(["a"]);
    // The cache keeps the whole listing: a changed tools map applies to it at the next load.
    expect(reported[0]?.map((t) => t.name)).toEqual(["a", "b"]);
  });
});
