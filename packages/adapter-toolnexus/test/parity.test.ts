import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, loadMcp, type McpSource, type Request } from "../src/index.js";
import { fixturesDir, parityDir, tool } from "./helpers.js";

interface Expected {
  unsetEnv: string[];
  status: Record<string, string>;
  tools: Array<{ name: string; description: string; inputSchema: unknown }>;
  calls: Array<{ tool: string; args: Record<string, unknown>; result: unknown }>;
  elicitations: Array<{
    tool: string;
    args: Record<string, unknown>;
    answer: Omit<Answer, "id">;
    request: Omit<Request, "id">;
    result: unknown;
  }>;
}

const expected = JSON.parse(readFileSync(join(parityDir, "expected.json"), "utf8")) as Expected;
const json = (value: unknown) => JSON.stringify(value);
/** A path as the inside of a JSON string literal (backslashes on Windows). */
const inJson = (path: string) => JSON.stringify(path.replaceAll("\\", "/")).slice(1, -1);

describe("toolnexus parity suite (fixtures/toolnexus-parity)", () => {
  let dir: string;
  let source: McpSource;
  const saved: Record<string, string | undefined> = {};
  const requests: Request[] = [];
  let nextAnswer: Omit<Answer, "id"> | undefined;

  beforeAll(async () => {
    for (const name of expected.unsetEnv) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
    dir = makeTempDir("toolnexus-parity-");
    const text = readFileSync(join(parityDir, "config.json"), "utf8")
      .replaceAll("<node>", inJson(process.execPath))
      .replaceAll("<fixtures>", inJson(fixturesDir));
    const configPath = join(dir, "config.json");
    writeFileSync(configPath, text);
    source = await loadMcp(configPath, {
      toolCache: false,
      onWarning: () => {},
      waitFor: async (request) => {
        requests.push(request);
        if (!nextAnswer) throw new Error("unexpected elicitation");
        return { id: request.id, ...nextAnswer };
      },
    });
  });

  afterAll(async () => {
    await source?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    removeTempDir(dir);
  });

  it("should report the expected status per server, in config order", () => {
    expect(json(source.status)).toBe(json(expected.status));
  });

  it("should list the expected names, descriptions and inputSchemas, in config then listing order", () => {
    const actual = source.tools.map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }));
    expect(json(actual)).toBe(json(expected.tools));
    expect(source.tools.every((t) => t.source === "mcp")).toBe(true);
  });

  it("should return the expected ToolResult for every call", async () => {
    for (const call of expected.calls) {
      const result = await tool(source, call.tool).execute(call.args);
      expect(json(result), `${call.tool} ${json(call.args)}`).toBe(json(call.result));
    }
  });

  it("should bridge every elicitation to waitFor as the expected Request and return the expected result", async () => {
    for (const step of expected.elicitations) {
      nextAnswer = step.answer;
      const before = requests.length;
      const result = await tool(source, step.tool).execute(step.args);
      expect(requests.length).toBe(before + 1);
      const { id, ...request } = requests.at(-1) as Request;
      expect(id).toMatch(/^elc-[0-9a-z]+-\d+$/);
      expect(json(request), `${step.tool} request`).toBe(json(step.request));
      expect(json(result), `${step.tool} result`).toBe(json(step.result));
    }
  });
});
