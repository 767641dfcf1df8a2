// `schemaDialect` (SPEC §13.5) end to end through generateText: the model is offered the schema
// shaped for OpenAI's strict mode, answers as strict mode makes it (every property, nulls for the
// ones it leaves out, an open object as JSON text), and the real catalog server receives the
// arguments in its own shape. `schemaDialectFor` reads the dialect off the model's provider.

import { sourceLoader } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { asSchema, generateText, stepCountIs } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { schemaDialectFor, toAiSdkTools } from "../src/index.js";
import { type CallOptions, scriptedModel, text, toolCall } from "./support/model.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("schemaDialect", () => {
  it("should offer the strict-shaped schema and send the server its own shape of the arguments", async () => {
    const source = await sources.loadServers({ gh: catalogServer("github") });
    const tools = toAiSdkTools(source, { schemaDialect: "openai-strict" });
    let offered: CallOptions["tools"] = [];
    const result = await generateText({
      model: scriptedModel([
        (options) => {
          offered = options.tools;
          return [
            toolCall("mcp__gh__search_repositories", {
              query: "mcp",
              sort: null,
              order: null,
              per_page: 5,
              page: null,
            }),
            toolCall("mcp__gh__trigger_workflow", {
              owner: "o",
              repo: "r",
              workflow_id: "ci.yml",
              ref: "main",
              inputs: '{"env":"prod"}',
            }),
          ];
        },
        () => [text("done")],
      ]),
      tools,
      prompt: "go",
      stopWhen: stepCountIs(3),
    });
    const search = offered?.find((tool) => tool.name === "mcp__gh__search_repositories");
    expect(search && "inputSchema" in search ? search.inputSchema : undefined).toMatchObject({
      type: "object",
      required: ["query", "sort", "order", "per_page", "page"],
      additionalProperties: false,
      properties: { sort: { type: ["string", "null"] }, order: { enum: ["asc", "desc", null] } },
    });
    const outputs = (result.steps[0]?.toolResults ?? []).map((r) => (r.output as { text: string }).text);
    expect(outputs).toEqual([
      'github/search_repositories called with {"query":"mcp","per_page":5}',
      'github/trigger_workflow called with {"owner":"o","repo":"r","workflow_id":"ci.yml","ref":"main","inputs":{"env":"prod"}}',
    ]);
  });

  it("should offer the server's schema unchanged by default", async () => {
    const source = await sources.loadServers({ gh: catalogServer("github") });
    const tool = toAiSdkTools(source).mcp__gh__search_repositories;
    const listed = source.tools.find((t) => t.rawName === "search_repositories")?.inputSchema;
    expect(await asSchema(tool?.inputSchema).jsonSchema).toEqual(listed);
  });

  it("schemaDialectFor: should read the dialect off the AI SDK provider id of the model", () => {
    const model = (provider: string) => ({ provider }) as Parameters<typeof schemaDialectFor>[0];
    expect(schemaDialectFor(model("openai.responses"))).toBe("openai-strict");
    expect(schemaDialectFor(model("openai.chat"))).toBe("openai-strict");
    expect(schemaDialectFor(model("google.generative-ai"))).toBe("gemini");
    expect(schemaDialectFor(model("google.vertex.chat"))).toBe("gemini");
    expect(schemaDialectFor(model("anthropic.messages"))).toBe("anthropic");
    expect(schemaDialectFor(model("mistral.chat"))).toBe("as-is");
    expect(schemaDialectFor("openai/gpt-5")).toBe("openai-strict");
    expect(schemaDialectFor("anthropic/claude-sonnet-4.5")).toBe("anthropic");
  });
});
