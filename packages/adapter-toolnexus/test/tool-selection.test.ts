/**
 * The core's per-server tool keys reach it through toolnexus's config as written: `tools.include` /
 * `tools.exclude`, `toolFilter` (config objects), `toolTimeouts` and `defer`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostileServer, makeTempDir, removeTempDir, sourceLoader } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { loadMcp } from "../src/index.js";
import { local, names, tool } from "./helpers.js";

const sources = sourceLoader(loadMcp, { toolCache: false });
afterEach(() => sources.closeAll());

describe("tool selection keys in a toolnexus config", () => {
  it("should apply tools.include / tools.exclude, toolTimeouts and defer from a JSON file", async () => {
    const dir = makeTempDir("toolnexus-selection-");
    const file = join(dir, "toolnexus.json");
    const entry = local("basic", [], {
      tools: { include: ["a*", "s*"], exclude: ["ask_*"] },
      toolTimeouts: { slow: 200 },
      defer: true,
    });
    writeFileSync(file, JSON.stringify({ mcp: { basic: entry } }));
    try {
      const source = await sources.load(file);
      expect(names(source)).toEqual(["basic_add", "basic_slow", "basic_ask"]);
      expect(source.servers()[0]?.defer).toBe(true);
      expect(await tool(source, "basic_slow").execute({ ms: 10_000, steps: 1 })).toMatchObject({
        isError: true,
        output: expect.stringMatching(/timed out after 200 ms/),
      });
    } finally {
      await sources.closeAll();
      removeTempDir(dir);
    }
  });

  it("should apply a toolFilter given in a config object", async () => {
    const source = await sources.load({
      mcp: { basic: local("basic", [], { toolFilter: (t: { name: string }) => t.name === "echo" }) },
    });
    expect(names(source)).toEqual(["basic_echo"]);
  });

  it("should keep toolnexus's map working for tools named include and exclude", async () => {
    const { command, args } = hostileServer("tool-names", { arg: "include,exclude,other" });
    const source = await sources.load({
      mcp: { named: { type: "local", command: [command, ...args], tools: { include: true, exclude: true } } },
    });
    expect(names(source)).toEqual(["named_include", "named_exclude"]);
  });
});
