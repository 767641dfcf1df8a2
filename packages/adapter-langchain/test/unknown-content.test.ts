import type { ToolMessage } from "@langchain/core/messages";
import { hostileServer, sourceLoader } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toLangChainTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("a result with a content block of an unknown type", () => {
  it("should give the model the block as text naming its type, and keep it raw in the artifact", async () => {
    const source = await sources.loadServers({ h: hostileServer("unknown-content") });
    const tool = toLangChainTools(source).find((t) => t.name === "mcp__h__unknown");
    const message = (await tool?.invoke({
      id: "call-1",
      name: "mcp__h__unknown",
      args: {},
      type: "tool_call",
    })) as ToolMessage;

    expect(message).toMatchObject({ status: "success" });
    expect(message.content).toStrictEqual([
      { type: "text", text: "before" },
      { type: "text", text: '[unsupported content type "hologram"]\na greeting in 3-D' },
      { type: "text", text: "after" },
    ]);
    expect(message.artifact).toMatchObject({
      content: [{ type: "text" }, { type: "hologram", data: "AAAA" }, { type: "text" }],
    });
  });
});
