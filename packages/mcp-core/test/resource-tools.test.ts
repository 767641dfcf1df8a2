// The resource tools of the adapter kit over a real server (the modern fixture with --resources):
// McpTool-shaped, listing a page at a time, text and blob contents as blocks, everything bounded by
// maxBytes with the truncation marker, failures resolved as error results.
import { stdioServer, tinyPngBase64 } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { createResourceTools, RESOURCE_LIST_PAGE_SIZE, truncationMarker } from "../src/adapter/index.js";
import { useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

async function loadTools(maxBytes?: number) {
  const source = await sources.load({ mcpServers: { s: stdioServer("modern", ["--resources"]) } });
  await source.whenSettled();
  const [list, read] = createResourceTools(source, maxBytes === undefined ? {} : { maxBytes });
  return { source, list, read };
}

describe("resource tools", () => {
  it("should be shaped like the core's tools", async () => {
    const { list, read } = await loadTools();
    for (const tool of [list, read]) {
      expect(tool).toMatchObject({ server: "", rawName: tool.name, annotations: { readOnlyHint: true } });
      expect(tool.inputSchema.type).toBe("object");
      expect(typeof tool.execute).toBe("function");
    }
    expect([list.name, read.name]).toEqual(["mcp_list_resources", "mcp_read_resource"]);
    expect(read.inputSchema.required).toEqual(["server", "uri"]);
  });

  it("should refuse a maxBytes that is not a positive integer, naming the option", async () => {
    const { source } = await loadTools();
    expect(() => createResourceTools(source, { maxBytes: 0 })).toThrow(
      expect.objectContaining({ code: "OPTIONS_INVALID", message: expect.stringContaining('"maxBytes"') }),
    );
  });

  it("should list the resources and templates of a server", async () => {
    const { list } = await loadTools();
    const result = await list.execute({ server: "s" });
    expect(result.isError).toBe(false);
    const listing = JSON.parse(result.text);
    expect(listing.resources.map((r: { uri: string }) => r.uri)).toEqual(["text://greeting", "blob://pixel"]);
    expect(listing.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
      "note://{id}",
      "slow://{ms}",
    ]);
    expect(listing.nextCursor).toBeUndefined();
    expect(await list.execute({ server: "nope" })).toMatchObject({
      isError: true,
      error: { code: "PROTOCOL_ERROR" },
    });
  });

  it("should page the listing with nextCursor", async () => {
    const args = ["--tools", "1", "--resources", String(RESOURCE_LIST_PAGE_SIZE + 5), "--page-size", "50"];
    const source = await sources.load({ mcpServers: { p: stdioServer("paginated", args) } });
    await source.whenSettled();
    const [list] = createResourceTools(source);
    const first = JSON.parse((await list.execute({})).text);
    expect(first.resources).toHaveLength(RESOURCE_LIST_PAGE_SIZE);
    const second = JSON.parse((await list.execute({ cursor: first.nextCursor })).text);
    expect(second.resources.map((r: { uri: string }) => r.uri)).toEqual(
      Array.from({ length: 5 }, (_, i) => `res://${String(RESOURCE_LIST_PAGE_SIZE + i).padStart(5, "0")}`),
    );
    expect(second.nextCursor).toBeUndefined();
  });

  it("should read text as text and an image blob as an image block", async () => {
    const { read } = await loadTools();
    const text = await read.execute({ server: "s", uri: "text://greeting" });
    expect(text).toMatchObject({
      isError: false,
      content: [{ type: "text", text: "hello v0" }],
      text: "hello v0",
    });
    const image = await read.execute({ server: "s", uri: "blob://pixel" });
    expect(image.content).toEqual([{ type: "image", data: tinyPngBase64, mimeType: "image/png" }]);
  });

  it("should cut contents at maxBytes with the truncation marker", async () => {
    const { read } = await loadTools(4);
    const text = await read.execute({ server: "s", uri: "text://greeting" });
    expect(text.content).toEqual([
      { type: "text", text: "hell" },
      { type: "text", text: truncationMarker(4, 8) },
    ]);
    const image = await read.execute({ server: "s", uri: "blob://pixel" });
    expect(image.content).toHaveLength(1);
    expect(image.content[0]).toMatchObject({ type: "text" });
    expect(image.text).toContain("[truncated: 0 of");
  });

  it("should resolve bad arguments and failed reads as error results", async () => {
    const { read } = await loadTools();
    expect(await read.execute({ server: "s" })).toMatchObject({
      isError: true,
      error: { code: "PROTOCOL_ERROR" },
    });
    expect(await read.execute({ server: "nope", uri: "x://y" })).toMatchObject({
      isError: true,
      error: { code: "SERVER_UNKNOWN" },
    });
    const timedOut = await read.execute({ server: "s", uri: "slow://5000" }, { timeoutMs: 200 });
    expect(timedOut).toMatchObject({ isError: true, error: { kind: "timeout", code: "TIMEOUT" } });
  });
});
