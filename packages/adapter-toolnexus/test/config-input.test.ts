import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir, removeTempDir, sourceLoader } from "@toolnexus/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { environmentWins, patchEntries, selectServers } from "../src/config-input.js";
import { loadMcp } from "../src/index.js";
import { local, names } from "./helpers.js";

describe("selectServers (toolnexus's wrapper rule)", () => {
  it.each([
    ["the first wrapper present wins", { mcp: { b: {} }, mcpServers: { a: {} } }, { mcpServers: { a: {} } }],
    ["servers before mcp", { mcp: { b: {} }, servers: { a: {} } }, { servers: { a: {} } }],
    ["a null wrapper counts as absent", { mcpServers: null, mcp: { a: {} } }, { mcp: { a: {} } }],
    [
      "a bare map loses toolnexus's sibling keys",
      { builtins: {}, agents: [], a2a: {}, mcpServer: {}, s: { command: ["x"] } },
      { s: { command: ["x"] } },
    ],
    ["a non-object is passed on", "oops", "oops"],
  ])("should select: %s", (_label, input, expected) => {
    expect(selectServers(input)).toEqual(expected);
  });

  it("should patch every object entry, wrapped or bare, and keep header functions", () => {
    const headers = () => ({});
    expect(patchEntries({ mcp: { a: { url: "u", headers }, b: 1 } }, { lazy: false })).toEqual({
      mcp: { a: { url: "u", headers, lazy: false }, b: 1 },
    });
    expect(patchEntries({ a: { command: ["x"] } }, { lazy: false })).toEqual({
      a: { command: ["x"], lazy: false },
    });
    expect(patchEntries("path.jsonc", { lazy: false })).toBe("path.jsonc");
  });
});

describe("config input", () => {
  const sources = sourceLoader(loadMcp);
  let dir: string;

  beforeEach(() => {
    dir = makeTempDir("toolnexus-config-");
  });

  afterEach(async () => {
    await sources.closeAll();
    removeTempDir(dir);
  });

  it("should load a bare-map file that carries toolnexus's sibling keys, with arbitrary server names", async () => {
    const file = join(dir, "toolnexus.json");
    const config = {
      builtins: { bash: true },
      agents: [],
      "my server!": local("basic", [], { tools: { echo: true } }),
    };
    writeFileSync(file, JSON.stringify(config));
    const source = await sources.load(file, { toolCache: false });
    expect(source.status).toEqual({ "my server!": "connected" });
    expect(names(source)).toEqual(["my_server__echo"]);
  });

  it("should ignore the other wrappers once mcpServers is present, even when they are invalid", async () => {
    const source = await sources.load(
      { mcpServers: { basic: local("basic", [], { tools: { echo: true } }) }, mcp: 42 },
      { toolCache: false },
    );
    expect(names(source)).toEqual(["basic_echo"]);
  });

  it("should read a JSONC file through the core", async () => {
    const file = join(dir, "config.jsonc");
    const entry = JSON.stringify(local("basic", [], { tools: { echo: true } }));
    writeFileSync(file, `// comment\n{ "mcp": { "basic": ${entry}, } }\n`);
    const source = await sources.load(file, { toolCache: false });
    expect(names(source)).toEqual(["basic_echo"]);
  });

  it("should report a missing file and an invalid entry with the core's errors", async () => {
    await expect(loadMcp(join(dir, "missing.json"))).rejects.toMatchObject({ code: "CONFIG_NOT_FOUND" });
    await expect(loadMcp({ mcp: { bad: { type: "local" } } })).rejects.toMatchObject({
      code: "CONFIG_INVALID",
    });
  });

  it("should expand an unset header variable to an empty string instead of failing the config", async () => {
    delete process.env.TOOLNEXUS_TEST_UNSET;
    const warnings: string[] = [];
    const source = await sources.load(
      {
        mcp: {
          remote: {
            type: "remote",
            url: "http://127.0.0.1:9/mcp",
            headers: { A: "${TOOLNEXUS_TEST_UNSET}" },
          },
        },
      },
      { toolCache: false, onWarning: (m) => warnings.push(m) },
    );
    expect(source.status).toEqual({ remote: "failed" });
    expect(source.servers()[0]?.lastError).not.toMatch(/TOOLNEXUS_TEST_UNSET/);
    expect(warnings.join("\n")).toMatch(/remote/);
  });
});

describe("environment vs env", () => {
  it("should ignore env when environment is given, as toolnexus reads environment ?? env", () => {
    expect(environmentWins({ environment: { A: "1" }, env: { B: "2" } })).toEqual({
      environment: { A: "1" },
    });
    expect(environmentWins({ environment: null, env: { B: "2" } })).toEqual({
      environment: null,
      env: { B: "2" },
    });
    expect(environmentWins({ env: { B: "2" } })).toEqual({ env: { B: "2" } });
  });
});
