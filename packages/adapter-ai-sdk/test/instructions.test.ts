import { generateText } from "ai";
import { describe, expect, it } from "vitest";
import { instructionsPrompt } from "../src/index.js";
import { type CallOptions, scriptedModel, text } from "./support/model.js";

// A hand-made source: instructionsPrompt reads only servers()[i].name and .instructions.
const source = {
  servers: () => [
    { name: "docs", instructions: "Search before you read." },
    { name: "plain" },
    { name: "db", instructions: "Read-only." },
  ],
};

describe("instructionsPrompt", () => {
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
