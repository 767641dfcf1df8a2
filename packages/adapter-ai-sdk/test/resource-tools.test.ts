import { sourceLoader, stdioServer, tinyPngBase64 } from "@toolnexus/fixtures";
import { loadMcp, type McpConfigInput } from "@toolnexus/mcp-core";
import { generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createAiSdkToolset, toAiSdkTools } from "../src/index.js";
import { mediaOutputPart } from "./support/ai-major.js";
import {
  type CallOptions,
  offeredTools,
  scriptedModel,
  text,
  toolCall,
  toolOutputsInPrompt,
} from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

const RESOURCE_TOOLS = ["mcp_list_resources", "mcp_read_resource"];

async function loadResources() {
  const config = { mcpServers: { docs: stdioServer("dual-era", ["--resources"]) } };
  const source = await sources.load(config as McpConfigInput);
  await source.whenSettled();
  return source;
}

describe("resource tools", () => {
  it("should read a blob as media and a failed read as a tool error", async () => {
    const source = await loadResources();
    let seen = new Map<string, unknown>();
    await generateText({
      model: scriptedModel([
        () => [
          toolCall("mcp_read_resource", { server: "docs", uri: "blob://pixel" }, "pixel"),
          toolCall("mcp_read_resource", { server: "docs", uri: "text://nope" }, "missing"),
        ],
        (options) => {
          seen = toolOutputsInPrompt(options);
          return [text("done")];
        },
      ]),
      tools: toAiSdkTools(source, { resourceTools: {} }),
      prompt: "go",
      stopWhen: stepCountIs(3),
    });
    expect(seen.get("pixel")).toEqual({
      type: "content",
      value: [mediaOutputPart("image", tinyPngBase64, "image/png")],
    });
    expect(seen.get("missing")).toMatchObject({ type: "error-text" });
  });

  it("should let the model list and read a resource, offered on every step even while tools are deferred", async () => {
    const source = await loadResources();
    const toolset = createAiSdkToolset(source, { resourceTools: {}, deferLoading: {} });
    const offered: string[][] = [];
    const outputs: Map<string, unknown>[] = [];
    const record = (options: CallOptions) => {
      offered.push(offeredTools(options));
      outputs.push(toolOutputsInPrompt(options));
    };

    await generateText({
      model: scriptedModel(
        [
          [toolCall("mcp_list_resources", {}, "list")],
          [toolCall("mcp_read_resource", { server: "docs", uri: "text://greeting" }, "read")],
          [text("done")],
        ].map((content) => (options: CallOptions) => {
          record(options);
          return content;
        }),
      ),
      ...toolset,
      prompt: "read the greeting",
      stopWhen: stepCountIs(5),
    });

    for (const names of offered) expect(names).toEqual(expect.arrayContaining(RESOURCE_TOOLS));
    expect(offered[0]).not.toContain("mcp__docs__echo");
    expect(JSON.stringify(outputs[1]?.get("list"))).toContain("text://greeting");
    expect(JSON.stringify(outputs[2]?.get("read"))).toMatch(/hello v\d/);
  });

  it("should serve them from toAiSdkTools too, and refuse a malformed option naming it", async () => {
    const source = await loadResources();
    expect(Object.keys(toAiSdkTools(source, { resourceTools: { maxBytes: 1024 } }))).toEqual(
      expect.arrayContaining(RESOURCE_TOOLS),
    );
    expect(Object.keys(toAiSdkTools(source))).not.toContain("mcp_read_resource");
    expect(() => toAiSdkTools(source, { resourceTools: { maxBytes: 0 } })).toThrow(
      'AI SDK adapter option "resourceTools": expected an object { maxBytes?: a positive integer } ({} for the defaults)',
    );
  });
});
