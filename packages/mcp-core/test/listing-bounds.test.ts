import { hostileServer, stdioServer } from "@toolnexus/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { toolByName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });

describe("listing many pages", () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  afterEach(() => {
    process.off("warning", onWarning);
    warnings.length = 0;
  });

  it("should list more than 10 pages without a MaxListenersExceededWarning", async () => {
    process.on("warning", onWarning);
    const source = await sources.load({
      mcpServers: { pages: stdioServer("paginated", ["--tools", "60", "--page-size", "4"]) },
    });

    expect(source.tools).toHaveLength(60);
    // Node emits process warnings on the next tick; a refresh lists the 15 pages once more.
    await source.refresh("pages");
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toStrictEqual([]);
  });
});

describe("a tool nested too deeply", () => {
  it("should drop only that tool, with a warning, and start the server", async () => {
    const warnings: string[] = [];
    const source = await sources.load(
      { mcpServers: { deep: hostileServer("deep-schema") } },
      { onWarning: (message) => warnings.push(message) },
    );

    expect(source.status).toStrictEqual({ deep: "connected" });
    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["echo"]);
    expect(warnings).toContain(
      'MCP server "deep": dropped malformed tool "deep" (definition nests deeper than 256 levels)',
    );
    await expect(
      toolByName(source, "mcp__deep__echo").execute({ text: "still here" }),
    ).resolves.toMatchObject({
      isError: false,
      text: "still here",
    });
  });

  it("should keep a tool nested exactly to the bound", async () => {
    // 127 × properties.x: the innermost schema sits at level 2 + 2 × 127 = 256 (the tool is level 1).
    const source = await sources.load({ mcpServers: { deep: hostileServer("deep-schema", { arg: 127 }) } });

    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["echo", "deep"]);
  });

  it("should drop a tool just past the bound", async () => {
    const source = await sources.load({ mcpServers: { deep: hostileServer("deep-schema", { arg: 128 }) } });

    expect(source.tools.map((t) => t.rawName)).toStrictEqual(["echo"]);
  });
});
