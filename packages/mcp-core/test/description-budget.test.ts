import { hostileServer } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionTokens, instructionsPrompt, modelDefinitionText } from "../src/adapter/index.js";
import { isMcpCoreError, loadMcp, type McpSource } from "../src/index.js";
import { estimateTokens } from "../src/results/token-estimate.js";
import { toolByRawName } from "./support/harness.js";

/** The `long-texts` fixture's descriptions and instructions: 10 000 characters each. */
const FULL = 10_000;

/** Three servers of one fixture: the defaults, a load option, and an entry's own bounds. */
let source: McpSource;
beforeAll(async () => {
  const long = hostileServer("long-texts");
  source = await loadMcp(
    {
      mcpServers: {
        d: long,
        // 300: the head's room is odd (300 - 54 - 1), so an unguarded cut splits a surrogate pair.
        e: { ...long, maxDescriptionChars: 300, maxInstructionsChars: 500 },
        // Its tools go behind tool search: the report's deferred tools and saving.
        f: { ...long, defer: true },
      },
    },
    { toolCache: null, autoRestart: { enabled: false } },
  );
}, 60_000);
afterAll(() => source?.close());

const isWellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe("description budget (what the model sees of a tool's description)", () => {
  it("should cut a description over 2 048 characters with a note, and keep the whole one for the host", () => {
    const tool = toolByRawName(source, "manual", "d");
    const full = tool.fullDescription as string;
    expect(full).toHaveLength(FULL);
    expect(tool.description.length).toBeLessThanOrEqual(2048);
    const [head, note] = [
      tool.description.slice(0, tool.description.lastIndexOf("\n")),
      tool.description.split("\n").at(-1),
    ];
    expect(note).toBe(`[description truncated: ${head.length} of ${FULL} characters shown]`);
    expect(full.startsWith(head)).toBe(true);
    expect(head.length).toBeGreaterThan(1900);
    expect(tool.description).not.toContain("zephyrquartz");
    // The host's copy is what the server listed, field for field.
    expect((tool as unknown as { definition: { description: string } }).definition.description).toBe(full);
  });

  it("should leave a description within the bound as it is (no fullDescription)", () => {
    const tool = toolByRawName(source, "short", "d");
    expect(tool.description).toBe("Answers ok");
    expect(tool.fullDescription).toBeUndefined();
  });

  it("should take the entry's maxDescriptionChars over the load's, never cutting inside a surrogate pair", () => {
    for (const server of ["d", "e"]) {
      const tool = toolByRawName(source, "emoji_manual", server);
      const bound = server === "e" ? 300 : 2048;
      expect(tool.description.length).toBeLessThanOrEqual(bound);
      expect(isWellFormed(tool.description)).toBe(true);
      expect(tool.description).toMatch(/^(📘)+\n\[description truncated: \d+ of 10000 characters shown\]$/);
    }
    expect(toolByRawName(source, "manual", "e").description.length).toBeLessThanOrEqual(300);
  });
});

describe("instructions budget (what instructionsPrompt gives the model)", () => {
  it("should keep the whole instructions in the snapshot and cut them in the prompt, per server", () => {
    const [d, e] = source.servers();
    expect(d?.instructions).toHaveLength(FULL);
    expect(d?.maxInstructionsChars).toBe(2048);
    expect(e?.maxInstructionsChars).toBe(500);
    for (const [server, bound] of [
      ["d", 2048],
      ["e", 500],
    ] as const) {
      const prompt = instructionsPrompt(source, { servers: server });
      const body = prompt.slice(prompt.indexOf("\n") + 1);
      expect(body.length).toBeLessThanOrEqual(bound);
      expect(body).toMatch(/\n\[instructions truncated: \d+ of 10000 characters shown\]$/);
      expect(d?.instructions?.startsWith(body.slice(0, body.lastIndexOf("\n")))).toBe(true);
    }
  });
});

describe("definitionTokens (what inspect reports)", () => {
  it("should total each server's definitions as the model gets them, with the deferred ones, the saving and the cuts", () => {
    const report = definitionTokens(source);
    expect(report.estimate).toBe("ceil(characters / 4)");
    const [d, e, f] = report.servers;
    const tokensOf = (server: string) =>
      source.tools
        .filter((t) => t.server === server)
        .reduce((n, t) => n + estimateTokens(modelDefinitionText(t)), 0);
    expect(d).toMatchObject({
      server: "d",
      tools: 3,
      tokens: tokensOf("d"),
      deferred: [],
      deferredTokens: 0,
    });
    // Cut descriptions cost their bound, not the server's 10 000 characters.
    expect(d?.tokens).toBeLessThan(2 * 700 + 200);
    expect(e?.tokens).toBeLessThan(d?.tokens as number);
    expect(d?.cutDescriptions.map((c) => [c.tool, c.chars])).toEqual([
      ["mcp__d__manual", 10_000],
      ["mcp__d__emoji_manual", 10_000],
    ]);
    for (const cut of d?.cutDescriptions ?? []) expect(cut.modelChars).toBeLessThanOrEqual(2048);
    expect(d?.cutInstructions).toEqual({ chars: 10_000, modelChars: expect.any(Number) });
    expect(e?.cutInstructions?.modelChars).toBeLessThanOrEqual(500);
    expect(f?.deferred).toEqual(["mcp__f__manual", "mcp__f__emoji_manual", "mcp__f__short"]);
    expect(f?.deferredTokens).toBe(f?.tokens);
    expect(report.tokens).toBe(tokensOf("d") + tokensOf("e") + tokensOf("f"));
    expect(report.deferredTokens).toBe(f?.tokens);
    expect(report.metaToolTokens).toBeGreaterThan(0);
    expect(report.savedTokens).toBe(report.deferredTokens - report.metaToolTokens);
  });

  it("should count with the host's counter and follow an adapter's deferLoading", () => {
    const report = definitionTokens(source, { countTokens: () => 1, deferLoading: {} });
    expect(report.estimate).toBe("the host's counter");
    expect(report.tokens).toBe(9);
    expect(report.deferredTokens).toBe(9);
    expect(report.savedTokens).toBe(9 - 2);
  });
});

describe("the bounds' validation", () => {
  it("should refuse a load option or an entry under 128 characters, naming it", async () => {
    const option = await loadMcp({ mcpServers: {} }, { maxDescriptionChars: 12 }).catch((e: unknown) => e);
    expect(isMcpCoreError(option) && option.code).toBe("OPTIONS_INVALID");
    expect(String(option)).toMatch(/"maxDescriptionChars": expected an integer ≥ 128, got 12/);
    const entry = await loadMcp(
      { mcpServers: { x: { command: "node", maxInstructionsChars: 1.5 } } },
      { toolCache: null },
    ).catch((e: unknown) => e);
    expect(String(entry)).toMatch(/server "x", field "maxInstructionsChars": expected an integer ≥ 128/);
  });
});
