import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { McpTool } from "../src/index.js";
import { queryTerms } from "../src/search/query-terms.js";
import { searchTerms, splitWords } from "../src/search/search-terms.js";
import { MAX_FIELD_TERMS, MAX_PARAM_NODES, toolDocument } from "../src/search/tool-document.js";

/** A tool's searchable data (the index reads nothing else). */
const tool = (fields: Partial<McpTool>): McpTool =>
  ({
    name: "t",
    server: "s",
    rawName: "t",
    description: "",
    inputSchema: { type: "object" },
    ...fields,
  }) as McpTool;

describe("splitWords", () => {
  it.each([
    ["create_issue", ["create", "issue"]],
    ["list-pull-requests", ["list", "pull", "requests"]],
    ["createIssue", ["createissue", "create", "issue"]],
    ["getHTTPResponse", ["gethttpresponse", "get", "http", "response"]],
    ["GitHub", ["github", "git", "hub"]],
    ["base64Encode", ["base64encode", "base", "64", "encode"]],
    ["s3_upload", ["s3", "3", "upload"]],
    ["UPPER CASE words", ["upper", "case", "words"]],
    ["Créer un événement", ["créer", "un", "événement"]],
    ["a b 7 -- ...", ["7"]],
    [`blob ${"x".repeat(65)} ${"y".repeat(64)}`, ["blob", "y".repeat(64)]],
  ])("should split %j into %j", (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });
});

describe("searchTerms", () => {
  it("should drop English stop words and stem the rest", () => {
    expect(searchTerms("Please create the issues in my repositories")).toEqual([
      "creat",
      "issu",
      "repositori",
    ]);
  });

  it("should stem a document and a query to the same terms", () => {
    expect(searchTerms("Schedules meetings")).toEqual(searchTerms("scheduling a meeting"));
  });

  it("should keep stop words and whole words when asked", () => {
    expect(searchTerms("the issues", { stem: false, dropStopWords: false })).toEqual(["the", "issues"]);
  });

  it("should give ASCII text the same terms on its fast path as on the Unicode path", () => {
    // A lone "é" sends the text down the Unicode path and adds no term (one letter).
    const unicodePath = (text: string) => searchTerms(`${text} é`);
    const words = fc.constantFrom(
      "HTTPServer",
      "createIssue",
      "base64",
      "S3",
      "the",
      "Issues",
      "x",
      "aBcDEf",
      "ABCd",
    );
    const text = fc
      .array(fc.oneof(words, fc.string({ unit: "binary-ascii", maxLength: 12 })), { maxLength: 12 })
      .map((parts) => parts.join(" "));
    fc.assert(
      fc.property(text, (input) => {
        expect(searchTerms(input)).toEqual(unicodePath(input));
        // A second time, from the cache of runs.
        expect(searchTerms(input)).toEqual(unicodePath(input));
      }),
      { numRuns: 200 },
    );
    expect(searchTerms("HTTPServer base64 GitHub")).toEqual([
      "httpserver",
      "http",
      "server",
      "base64",
      "base",
      "64",
      "github",
      "git",
      "hub",
    ]);
  });

  it("should give no term for a query of punctuation and stop words", () => {
    expect(searchTerms("?! the, of -- and")).toEqual([]);
    expect(queryTerms("?! the, of -- and").size).toBe(0);
  });
});

describe("queryTerms", () => {
  it("should weigh the query's own terms 1 and their general synonyms 0.5", () => {
    const weights = queryTerms("remove a bug");
    expect(weights.get("remov")).toBe(1);
    expect(weights.get("bug")).toBe(1);
    expect(weights.get("delet")).toBe(0.5);
    expect(weights.get("issu")).toBe(0.5);
    expect([...queryTerms("remove a bug", { synonyms: false }).keys()]).toEqual(["remov", "bug"]);
  });
});

describe("toolDocument", () => {
  it("should index the server, raw name, title, description, and nested parameter names and texts", () => {
    const document = toolDocument(
      tool({
        server: "google-calendar",
        rawName: "create_event",
        title: "Create event",
        description: "Adds an event to a calendar.",
        inputSchema: {
          type: "object",
          properties: {
            attendees: {
              type: "array",
              description: "Who is invited",
              items: {
                type: "object",
                properties: {
                  email: { type: "string", description: "Attendee address" },
                  response: { enum: ["accepted", "declined", 3] },
                },
              },
            },
            start: { anyOf: [{ type: "object", properties: { timezone: { type: "string" } } }] },
          },
        },
      }),
    );
    expect(document).toEqual({
      server: "googl calendar",
      name: "creat event",
      title: "creat event",
      description: "add event calendar",
      params: "attende start email respons timezon",
      paramText: "invit attende address accept declin",
    });
  });

  it("should index the server's whole description, not the model's cut of it", () => {
    const cut = "Reads a file\n[description truncated: 12 of 40 characters shown]";
    const document = toolDocument(
      tool({ description: cut, fullDescription: "Reads a file; zephyrquartz mode applies" }),
    );
    expect(document.description.split(" ")).toContain("zephyrquartz");
    expect(document.description).not.toContain("truncat");
  });

  it("should use the annotations' title when the tool has none", () => {
    expect(toolDocument(tool({ annotations: { title: "Send mail" } })).title).toBe("send mail");
  });

  it("should stop at three levels of properties", () => {
    const nest = (depth: number): object =>
      depth === 0
        ? { type: "string" }
        : { type: "object", properties: { [`level${depth}`]: nest(depth - 1) } };
    const document = toolDocument(tool({ inputSchema: nest(5) as McpTool["inputSchema"] }));
    expect(document.params.split(" ")).toEqual([
      "level5",
      "level",
      "5",
      "level4",
      "level",
      "4",
      "level3",
      "level",
      "3",
    ]);
  });

  it("should cap each field and the schema nodes it reads, whatever the server sends", () => {
    const properties = Object.fromEntries(
      Array.from({ length: 2 * MAX_PARAM_NODES }, (_, i) => [`p${i}`, { description: "word ".repeat(10) }]),
    );
    const document = toolDocument(
      tool({
        description: "verbose ".repeat(10_000),
        inputSchema: { type: "object", properties: { ...properties, junk: null, list: [1] } },
      }),
    );
    expect(document.description.split(" ")).toHaveLength(MAX_FIELD_TERMS.description);
    expect(document.params.split(" ")).toHaveLength(MAX_FIELD_TERMS.params);
    expect(document.paramText.split(" ")).toHaveLength(MAX_FIELD_TERMS.paramText);
  });

  it("should skip schema parts of the wrong shape", () => {
    const inputSchema = { type: "object", properties: { a: "x", b: { properties: [1] } }, anyOf: "no" };
    expect(toolDocument(tool({ inputSchema: inputSchema as McpTool["inputSchema"] })).params).toBe("");
  });
});
