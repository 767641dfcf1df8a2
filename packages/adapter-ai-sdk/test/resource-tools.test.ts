import { sourceLoader, stdioServer, tinyPngBase64 } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createAiSdkToolset, toAiSdkResourceTools } from "../src/index.js";
import { mediaOutputPart } from "./support/ai-major.js";
import { offeredTools, scriptedModel, text, toolCall, toolOutputsInPrompt } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
afterEach(() => sources.closeAll());

describe("toAiSdkResourceTools", () => {
  it("should let the model list and read a real server's resources, a blob as media", async () => {
    const source = await sources.loadServers({ s: stdioServer("dual-era", ["--resources"]) });
    await source.whenSettled();
    const toolset = createAiSdkToolset(source, { extraTools: toAiSdkResourceTools(source) });
    let offered: string[] = [];
    let seen = new Map<string, unknown>();
    await generateText({
      model: scriptedModel([
        (options) => {
          offered = offeredTools(options);
          return [
            toolCall("mcp_list_resources", { server: "s" }, "list"),
            toolCall("mcp_read_resource", { server: "s", uri: "blob://pixel" }, "pixel"),
            toolCall("mcp_read_resource", { server: "s", uri: "text://nope" }, "missing"),
          ];
        },
        (options) => {
          seen = toolOutputsInPrompt(options);
          return [text("done")];
        },
      ]),
      tools: toolset.tools,
      prompt: "go",
      stopWhen: stepCountIs(3),
    });
    expect(offered).toEqual(expect.arrayContaining(["mcp_list_resources", "mcp_read_resource"]));
    const listing = seen.get("list") as { type: string; value: string };
    expect(listing.type).toBe("text");
    expect(JSON.parse(listing.value).resources.map((r: { uri: string }) => r.uri)).toContain("blob://pixel");
    expect(seen.get("pixel")).toEqual({
      type: "content",
      value: [mediaOutputPart("image", tinyPngBase64, "image/png")],
    });
    expect(seen.get("missing")).toMatchObject({ type: "error-text" });
  });

  it("should refuse a maxBytes that is not a positive integer", async () => {
    const source = await sources.loadServers({ s: stdioServer("dual-era", ["--resources"]) });
    expect(() => toAiSdkResourceTools(source, { maxBytes: -1 })).toThrow(
      expect.objectContaining({ code: "OPTIONS_INVALID" }),
    );
  });
});
