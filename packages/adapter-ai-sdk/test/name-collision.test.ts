import { sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("tools of two servers that map to one name", () => {
  it("should both be in the ToolSet under distinct keys, each calling its own server", async () => {
    // Server "a" tool "b__echo" and server "a__b" tool "echo" would both be mcp__a__b__echo.
    const source = await sources.loadServers({
      a: stdioServer("mcp-list-changed"),
      a__b: stdioServer("basic"),
    });
    const tools = toAiSdkTools(source);
    await tools.mcp__a__add_tool?.execute?.({ name: "b__echo" }, { toolCallId: "1", messages: [] });
    await source.refresh("a");

    expect(Object.keys(tools)).not.toContain("mcp__a__b__echo");
    const fromA = tools.mcp__a__b__echo_80046c0a35fc;
    const fromAb = tools.mcp__a__b__echo_e944a9bcd1d0;
    await expect(fromA?.execute?.({}, { toolCallId: "2", messages: [] })).resolves.toMatchObject({
      text: "b__echo ok",
    });
    await expect(
      fromAb?.execute?.({ text: "basic" }, { toolCallId: "3", messages: [] }),
    ).resolves.toMatchObject({
      text: "basic",
    });
  });
});
