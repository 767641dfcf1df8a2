import { sourceLoader } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Answer,
  answerToElicitResult,
  elicitationToRequest,
  loadMcp,
  type Request,
} from "../src/index.js";
import { local, tool } from "./helpers.js";

describe("elicitation bridge (mapping)", () => {
  it("should map a form elicitation to kind input with the schema, the message as prompt and the server", () => {
    const schema = { type: "object", properties: { answer: { type: "string" } } };
    const request = elicitationToRequest("basic", {
      mode: "form",
      message: "Name?",
      requestedSchema: schema,
    } as never);
    const { id, ...rest } = request;
    expect(id).toMatch(/^elc-[0-9a-z]+-\d+$/);
    expect(rest).toEqual({ kind: "input", prompt: "Name?", data: { schema }, server: "basic" });
    expect(elicitationToRequest("basic", { message: "x", requestedSchema: schema } as never).kind).toBe(
      "input",
    );
  });

  it("should map a URL elicitation to kind authorization with the url and no data", () => {
    const params = { mode: "url", message: "Log in", url: "https://example.test/a", elicitationId: "e1" };
    const { id: _id, ...rest } = elicitationToRequest("web", params as never);
    expect(rest).toEqual({
      kind: "authorization",
      prompt: "Log in",
      url: "https://example.test/a",
      server: "web",
    });
  });

  it("should give every Request a distinct id", () => {
    const ids = new Set(
      Array.from({ length: 5 }, () => elicitationToRequest("s", { message: "m" } as never).id),
    );
    expect(ids.size).toBe(5);
  });

  it.each([
    [
      { id: "1", ok: true, data: { answer: "42" } },
      { action: "accept", content: { answer: "42" } },
    ],
    [
      { id: "1", ok: true },
      { action: "accept", content: {} },
    ],
    [{ id: "1", ok: false, reason: "declined" }, { action: "decline" }],
    [{ id: "1", ok: false, reason: "timeout" }, { action: "cancel" }],
    [{ id: "1", ok: false }, { action: "cancel" }],
  ] as Array<[Answer, unknown]>)("should map the Answer %j to %j", (answer, result) => {
    expect(answerToElicitResult(answer)).toEqual(result);
  });
});

describe("elicitation bridge (fixture server)", () => {
  const sources = sourceLoader(loadMcp);

  afterEach(async () => {
    await sources.closeAll();
  });

  it("should deliver the basic ask tool's elicitation to waitFor and return what the client answered", async () => {
    const seen: Request[] = [];
    const source = await sources.load(
      { mcp: { basic: local("basic") } },
      {
        toolCache: false,
        waitFor: async (request) => {
          seen.push(request);
          return { id: request.id, ok: true, data: { answer: `re: ${request.prompt}` } };
        },
      },
    );
    const result = await tool(source, "basic_ask").execute({ message: "What is six times seven?" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: "input", prompt: "What is six times seven?", server: "basic" });
    expect(seen[0]?.data).toEqual({
      schema: {
        type: "object",
        properties: { answer: { type: "string", description: "Your answer" } },
        required: ["answer"],
      },
    });
    expect(result).toEqual({
      output: JSON.stringify({ action: "accept", content: { answer: "re: What is six times seven?" } }),
      isError: false,
      metadata: { server: "basic" },
    });
  });

  it("should not advertise elicitation without waitFor, so the server's request fails inside the tool", async () => {
    const source = await sources.load({ mcp: { basic: local("basic") } }, { toolCache: false });
    const result = await tool(source, "basic_ask").execute({});
    expect(result).toEqual({
      output: "Client does not support form elicitation.",
      isError: true,
      metadata: { server: "basic" },
    });
  });

  it("should answer the server with a generic error for a rejecting waitFor, its text going to onWarning", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcp: { basic: local("basic") } },
      {
        toolCache: false,
        onWarning: (message) => warnings.push(message),
        waitFor: async () => {
          throw new Error("nobody is there, secret=canary-waitfor-77c1");
        },
      },
    );
    const result = await tool(source, "basic_ask").execute({});
    expect(result.isError).toBe(true);
    expect(result.output).toContain("The client could not answer the elicitation request");
    expect(result.output).not.toContain("canary-waitfor-77c1");
    expect(warnings.join("\n")).toContain("nobody is there, secret=canary-waitfor-77c1");
  });

  it("should fill in the schema's defaults for the fields an ok answer left out (SEP-1034)", async () => {
    const source = await sources.load(
      { mcp: { form: local("hostile", ["--mode", "elicit-defaults"]) } },
      {
        toolCache: false,
        waitFor: async (request) => ({ id: request.id, ok: true, data: { name: "Grace" } }),
      },
    );
    const result = await tool(source, "form_ask").execute({});
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.output)).toEqual({
      action: "accept",
      content: { name: "Grace", ratio: 0.5, count: 3, subscribe: true, color: "green" },
    });
  });
});
