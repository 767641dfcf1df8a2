// `schemaDialect` (SPEC §13.5) end to end: the LangChain tool carries the schema shaped for
// OpenAI's strict mode (what `bindTools` sends the model), a strict model's tool call (nulls for
// the properties it leaves out, an open object as JSON text) passes LangChain's own input check,
// and the real catalog server receives the arguments in its own shape.
import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { sourceLoader } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { loadMcp } from "@toolnexus/mcp-core";
import { afterEach, describe, expect, it } from "vitest";
import { toLangChainTools } from "../src/index.js";

const sources = sourceLoader(loadMcp, { toolCache: null });
afterEach(() => sources.closeAll());

describe("schemaDialect", () => {
  it("should carry the strict-shaped schema and send the server its own shape of the arguments", async () => {
    const source = await sources.loadServers({ gh: catalogServer("github") });
    const tools = toLangChainTools(source, { schemaDialect: "openai-strict" });
    const search = tools.find((tool) => tool.name === "mcp__gh__search_repositories");
    const workflow = tools.find((tool) => tool.name === "mcp__gh__trigger_workflow");
    if (!search || !workflow) throw new Error("catalog tools missing");
    expect(convertToOpenAITool(search).function.parameters).toMatchObject({
      required: ["query", "sort", "order", "per_page", "page"],
      additionalProperties: false,
      properties: { page: { type: ["integer", "null"] } },
    });
    const args = { query: "mcp", sort: null, order: "asc", per_page: null, page: null };
    const found = await search.invoke({ name: search.name, args, id: "c1", type: "tool_call" });
    expect(found).toBeInstanceOf(ToolMessage);
    expect(found.content).toBe('github/search_repositories called with {"query":"mcp","order":"asc"}');
    const inputs = { owner: "o", repo: "r", workflow_id: "ci.yml", ref: "main", inputs: '{"env":"prod"}' };
    const ran = await workflow.invoke({ name: workflow.name, args: inputs, id: "c2", type: "tool_call" });
    expect(ran.content).toBe(
      'github/trigger_workflow called with {"owner":"o","repo":"r","workflow_id":"ci.yml","ref":"main","inputs":{"env":"prod"}}',
    );
  });
});
