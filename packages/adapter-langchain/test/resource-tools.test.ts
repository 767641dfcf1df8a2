import type { ToolMessage } from "@langchain/core/messages";
import { sourceLoader, stdioServer, tinyPngBase64 } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toLangChainResourceTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
afterEach(() => sources.closeAll());

const call = (name: string, args: Record<string, unknown>) => ({
  name,
  args,
  id: `call_${name}`,
  type: "tool_call" as const,
});

describe("toLangChainResourceTools", () => {
  it("should list and read a real server's resources, a blob as an image block", async () => {
    const source = await sources.loadServers({ s: stdioServer("dual-era", ["--resources"]) });
    await source.whenSettled();
    const [list, read] = toLangChainResourceTools(source);
    expect([list?.name, read?.name]).toEqual(["mcp_list_resources", "mcp_read_resource"]);
    const listing: ToolMessage = await list?.invoke(call("mcp_list_resources", { server: "s" }));
    expect(JSON.parse(listing.text).resources.map((r: { uri: string }) => r.uri)).toContain("blob://pixel");
    const pixel: ToolMessage = await read?.invoke(
      call("mcp_read_resource", { server: "s", uri: "blob://pixel" }),
    );
    expect(pixel.content).toEqual([{ type: "image", mimeType: "image/png", data: tinyPngBase64 }]);
    const missing: ToolMessage = await read?.invoke(
      call("mcp_read_resource", { server: "s", uri: "text://nope" }),
    );
    expect(missing.status).toBe("error");
  });
});
