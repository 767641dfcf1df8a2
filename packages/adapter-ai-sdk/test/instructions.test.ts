import { hostileServer, sourceLoader, stdioServer } from "@toolnexus/fixtures";
import { loadMcp } from "@toolnexus/mcp-core";
import { generateText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { instructionsPrompt, toAiSdkTools } from "../src/index.js";
import { type CallOptions, scriptedModel, text } from "./support/model.js";

// A hand-made source: instructionsPrompt reads only servers()[i].name and .instructions.
const source = {
  servers: () => [
    { name: "docs", instructions: "Search before you read." },
    { name: "plain" },
    { name: "db", instructions: "Read-only." },
  ],
};

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("instructionsPrompt", () => {
  it("should read the instructions real servers sent, skipping a server without any", async () => {
    const live = await sources.loadServers({ basic: stdioServer("basic"), lv: hostileServer("log-levels") });
    expect(instructionsPrompt(live)).toBe('## MCP server "lv"\nCall emit_logs to hear every level.');
    expect(instructionsPrompt(live, { servers: "basic" })).toBe("");
  });

  it("should build one section per chosen server with instructions, usable as the system prompt", async () => {
    const system = instructionsPrompt(source, { servers: ["db", "plain", "docs"] });
    expect(system).toBe('## MCP server "db"\nRead-only.\n\n## MCP server "docs"\nSearch before you read.');
    let prompt: CallOptions["prompt"] = [];
    await generateText({
      model: scriptedModel([
        (options) => {
          prompt = options.prompt;
          return [text("ok")];
        },
      ]),
      system,
      prompt: "go",
    });
    expect(prompt[0]).toEqual({ role: "system", content: system });
  });

  it("should give the model a description or instructions over 2 048 characters cut, with a note", async () => {
    const live = await sources.loadServers({ l: hostileServer("long-texts") });
    let options: CallOptions | undefined;
    await generateText({
      model: scriptedModel([
        (call) => {
          options = call;
          return [text("ok")];
        },
      ]),
      tools: toAiSdkTools(live),
      system: instructionsPrompt(live),
      prompt: "go",
    });
    const manual = options?.tools?.find((tool) => tool.name === "mcp__l__manual");
    const description = (manual as { description?: string } | undefined)?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(2048);
    expect(description).toMatch(/\n\[description truncated: \d+ of 10000 characters shown\]$/);
    const system = options?.prompt[0];
    expect(system?.role).toBe("system");
    expect(String(system?.content)).toMatch(/\n\[instructions truncated: \d+ of 10000 characters shown\]$/);
  });

  it("should include every server by default and throw a TypeError naming an unknown one", () => {
    expect(instructionsPrompt(source)).toBe(
      '## MCP server "docs"\nSearch before you read.\n\n## MCP server "db"\nRead-only.',
    );
    expect(() => instructionsPrompt(source, { servers: "dbs" })).toThrow(
      new TypeError(
        'instructionsPrompt: no MCP server named "dbs" is configured (configured: docs, plain, db)',
      ),
    );
  });
});
