/**
 * Shape and scale faults against real children: 10 000 tools, 1 000 pages (and one more), a
 * repeating cursor, malformed schemas among good ones, names of 300 characters and of every
 * punctuation mark, and a 100 MiB result. Each test checks the states the server goes through, what
 * the calls see and that another server of the same source keeps answering.
 */
import { hostileServer, stdioServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { MAX_PAGES } from "../src/tools/list-tools.js";
import {
  callVictim,
  expectCallError,
  expectOtherAnswers,
  loadBeside,
  OTHER,
  RESTARTED,
  STARTED,
  VICTIM,
} from "./support/fault-source.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const MiB = 1024 * 1024;
const sources = useSources({ toolCache: null, killGraceMs: 500, autoRestart: { initialDelayMs: 50 } });

const paginated = (tools: number, pageSize: number, ...flags: string[]) =>
  stdioServer("paginated", ["--tools", String(tools), "--page-size", String(pageSize), ...flags]);

const victimTools = (source: { tools: ReadonlyArray<{ server: string; rawName: string; name: string }> }) =>
  source.tools.filter((t) => t.server === VICTIM);

describe("big listings", () => {
  it("should list 10 000 tools of one page and call the last", async () => {
    const { source, states } = await loadBeside(sources, paginated(10_000, 10_000));

    expect(victimTools(source)).toHaveLength(10_000);
    expect(await callVictim(source, "tool_9999")).toMatchObject({ isError: false, text: "tool_9999" });
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });

  it(`should list ${MAX_PAGES} pages, the bound, and call a tool of the last page`, async () => {
    const { source, states } = await loadBeside(sources, paginated(MAX_PAGES, 1));

    expect(victimTools(source)).toHaveLength(MAX_PAGES);
    expect(await callVictim(source, "tool_999")).toMatchObject({ isError: false, text: "tool_999" });
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });

  it(`should reject a listing of ${MAX_PAGES + 1} pages with LISTING_INVALID, the other server unaffected`, async () => {
    const { source, states, errors, errorCodes } = await loadBeside(sources, paginated(MAX_PAGES + 1, 1));

    expect(source.status).toStrictEqual({ [VICTIM]: "failed", [OTHER]: "connected" });
    expect(states(VICTIM)).toStrictEqual(["starting", "error"]);
    expect(errorCodes(VICTIM)).toStrictEqual(["LISTING_INVALID"]);
    expect(errors(VICTIM)).toStrictEqual([
      `MCP server "${VICTIM}" listed more than ${MAX_PAGES} pages of tools`,
    ]);
    expect(victimTools(source)).toStrictEqual([]);
    await expectOtherAnswers(source);
  });

  it("should reject a listing whose cursor repeats instead of looping, the other server unaffected", async () => {
    const { source, states, errors, errorCodes } = await loadBeside(
      sources,
      paginated(30, 10, "--repeat-cursor"),
    );

    expect(source.status).toStrictEqual({ [VICTIM]: "failed", [OTHER]: "connected" });
    expect(states(VICTIM)).toStrictEqual(["starting", "error"]);
    expect(errorCodes(VICTIM)).toStrictEqual(["LISTING_INVALID"]);
    expect(errors(VICTIM)).toStrictEqual([
      `MCP server "${VICTIM}" repeated a pagination cursor while listing tools`,
    ]);
    await expectOtherAnswers(source);
  });
});

describe("malformed schemas among good ones", () => {
  it("should drop each malformed tool with a warning naming it and keep the good ones callable", async () => {
    const { source, states, warnings } = await loadBeside(sources, hostileServer("bad-schemas"));

    expect(victimTools(source).map((t) => t.rawName)).toStrictEqual([
      "good_a",
      "good_b",
      "unknown_type",
      "dangling_ref",
      "proto_prop",
      "bad_output",
      "good_c",
    ]);
    for (const name of ["no_schema", "null_schema", "string_schema", "array_schema", "type_string"]) {
      expect(warnings).toContainEqual(
        expect.stringContaining(`dropped malformed tool "${name}" (inputSchema`),
      );
    }
    expect(
      warnings.filter((w) => w.startsWith(`MCP server "${VICTIM}": dropped malformed tool`)),
    ).toHaveLength(16);
    expect(warnings).toContainEqual(`MCP server "${VICTIM}": dropped malformed tool "" (name: empty)`);
    for (const tool of victimTools(source)) {
      expect(await callVictim(source, tool.rawName, { text: "hi" })).toMatchObject({
        isError: false,
        text: `called ${tool.rawName} {"text":"hi"}`,
      });
    }
    expect(Object.hasOwn(Object.prototype, "type")).toBe(false);
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("odd tool names", () => {
  it("should give names of 300 characters and of every punctuation mark unique safe names that route right", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("odd-names"));
    const tools = victimTools(source);

    expect(tools).toHaveLength(3 + 2 * 32 + 4);
    expect(tools.filter((t) => t.rawName.length === 300)).toHaveLength(3);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(await callVictim(source, tool.rawName)).toMatchObject({ isError: false, text: tool.rawName });
    }
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("a 100 MiB result", () => {
  it("should fail the call with FRAME_TOO_LARGE under the default maxFrameBytes (64 MiB) and restart the server", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("stream-line", { arg: 100 }));

    const result = await callVictim(source, "line");

    expectCallError(result, "FRAME_TOO_LARGE");
    expect(result.text).toContain("maxFrameBytes");
    await expectOtherAnswers(source);
    expect((await callVictim(source, "echo", { text: "back" })).text).toBe("back");
    expect(states(VICTIM)).toStrictEqual(RESTARTED);
  });

  it("should cut it to the default maxResultBytes (8 MiB) with the marker when maxFrameBytes lets it in", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("stream-line", { arg: 100 }), {
      maxFrameBytes: 128 * MiB,
    });

    const result = await callVictim(source, "line");

    expect(result.isError).toBe(false);
    expect(result.content).toHaveLength(2);
    expect(result.content[1]).toStrictEqual({
      type: "text",
      text: `[truncated: ${8 * MiB} of ${100 * MiB} bytes shown]`,
    });
    expect(states(VICTIM)).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});
