// `schemaDialect` (SPEC §13.5) end to end: the toolnexus tool carries the schema shaped for
// OpenAI's strict mode, and a strict model's arguments (nulls for the properties it leaves out, an
// open object as JSON text) reach the real catalog server in its own shape.
import { sourceLoader } from "@toolnexus/fixtures";
import { catalogServer } from "@toolnexus/fixtures/catalog";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { tool } from "./helpers.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
afterEach(() => sources.closeAll());

const github = () => {
  const { command, args } = catalogServer("github");
  return { mcp: { gh: { type: "local", command: [command, ...args] } } };
};

describe("schemaDialect", () => {
  it("should carry the strict-shaped schema and send the server its own shape of the arguments", async () => {
    const source = await sources.load(github(), { schemaDialect: "openai-strict" });
    const search = tool(source, "gh_search_repositories");
    expect(search.inputSchema).toMatchObject({
      required: ["query", "sort", "order", "per_page", "page"],
      additionalProperties: false,
      properties: { per_page: { type: ["integer", "null"] } },
    });
    const args = { query: "mcp", sort: "stars", order: null, per_page: null, page: 2 };
    expect((await search.execute(args)).output).toBe(
      'github/search_repositories called with {"query":"mcp","sort":"stars","page":2}',
    );
    const inputs = { owner: "o", repo: "r", workflow_id: "ci.yml", ref: "main", inputs: '{"env":"prod"}' };
    expect((await tool(source, "gh_trigger_workflow").execute(inputs)).output).toBe(
      'github/trigger_workflow called with {"owner":"o","repo":"r","workflow_id":"ci.yml","ref":"main","inputs":{"env":"prod"}}',
    );
  });

  it("should keep toolnexus's schema by default", async () => {
    const source = await sources.load(github());
    expect(tool(source, "gh_search_repositories").inputSchema.required).toEqual(["query"]);
  });
});
