import { sourceLoader, stdioServer, tinyPngBase64 } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadMcpOptions, loadMcp, type McpSource, type McpToolResult } from "../src/index.js";
import { toolByRawName } from "./support/harness.js";

/** No lone surrogate (a pair cut in half). */
const wellFormed = (text: string | undefined): boolean => !/\p{Cs}/u.test(text ?? "");

// One source per set of load options, each reused by the cases that read it (they are independent).
const loader = sourceLoader(loadMcp as (config: object, options?: LoadMcpOptions) => Promise<McpSource>, {
  toolCache: null,
});
const big = (entry: object = {}) => ({ ...stdioServer("basic", ["--big-results"]), ...entry });
const warnings: string[] = [];
let plain: McpSource;
let tight: McpSource;

beforeAll(async () => {
  [plain, tight] = await Promise.all([
    loader.loadServers(
      {
        b: big(),
        c: big({ resultBudget: { maxTokens: 5_000, tools: { hinted_text: { maxTokens: 1_000 } } } }),
      },
      { onWarning: (message) => warnings.push(message) },
    ),
    loader.loadServers(
      { t: big() },
      {
        resultBudget: {
          maxTokens: 3_000,
          maxHintTokens: 30_000,
          maxMediaBlocks: 2,
          previewTokens: 100,
          ttlMs: 1,
          // Words, not characters: the host's counter decides.
          tokenCounter: (text) => text.split(/\s+/).length,
        },
      },
    ),
  ]);
}, 60_000);
afterAll(() => loader.closeAll());

const call = (source: McpSource, server: string, tool: string, args: object): Promise<McpToolResult> =>
  toolByRawName(source, tool, server).execute(args as Record<string, unknown>);

/** Reads a kept result whole, slice after slice, by the offsets each slice's sentence gives. */
async function readWhole(source: McpSource, handle: string, length: number): Promise<string> {
  let text = "";
  for (let offset = 0; ; ) {
    const answer = await source.readResult(handle, { offset, length });
    const tail =
      /\n\n\[Characters (\d+) to (\d+) of (\d+); (?:read on with .*"offset": (\d+)\}|this is the end of the result)\.\]$/.exec(
        answer,
      );
    expect(tail, answer.slice(-200)).not.toBeNull();
    text += answer.slice(0, tail?.index);
    if (tail?.[4] === undefined) return text;
    offset = Number(tail[4]);
  }
}

describe("the result budget", () => {
  it("should leave a result under the budget as it is: no preview, no handle", async () => {
    const result = await call(plain, "b", "big_text", { chars: 4_000 });
    expect(result.preview).toBeUndefined();
    expect(plain.hasKeptResults).toBe(false);
    expect(result.text.length).toBe(4_000);
  });

  it("should give the model a preview and a handle over the limit, and keep the result whole for the host", async () => {
    const result = await call(plain, "b", "big_text", { chars: 120_000 });
    expect(plain.hasKeptResults).toBe(true);
    expect(result.text.length).toBe(120_000);
    const preview = result.preview;
    expect(preview?.handle).toMatch(/^[\w-]{24}$/);
    expect(preview?.maxTokens).toBe(25_000);
    expect(preview?.tokens).toBe(30_000);
    const [shown, sentence] = (preview?.text ?? "").split("\n\n[Preview: ");
    expect(result.text.startsWith(shown ?? "-")).toBe(true);
    expect((shown ?? "").length).toBeLessThanOrEqual(8_000);
    expect(wellFormed(shown)).toBe(true);
    expect(sentence).toContain(
      `mcp_read_result {"handle": "${preview?.handle}", "offset": ${shown?.length}}`,
    );
    // Read back in slices of an odd length (cuts fall inside emoji): the slices add up to the text.
    expect(await readWhole(plain, preview?.handle ?? "", 9_999)).toBe(result.text);
  });

  it("should preview a JSON result by whole first items", async () => {
    const result = await call(plain, "b", "big_json", { items: 2_000 });
    const text = result.preview?.text ?? "";
    const json = text.slice(0, text.indexOf("\n\n[Preview: "));
    const items = JSON.parse(json) as unknown[];
    expect(items).toStrictEqual((JSON.parse(result.text) as unknown[]).slice(0, items.length));
    expect(text).toContain(`the first ${items.length} of 2000 items of a JSON result`);
  });

  it("should answer the lines that contain a string", async () => {
    const result = await call(plain, "b", "big_text", { chars: 120_000 });
    const answer = await plain.readResult(result.preview?.handle ?? "", { contains: "LINE 1234:" });
    expect(answer).toMatch(/^1235: line 1234: lorem/);
    expect(answer).toContain("1 of ");
  });

  it("should answer a sentence, not an error, for an unknown or expired handle", async () => {
    expect(await plain.readResult("no-such-handle")).toMatch(
      /^\[No kept result has the handle "no-such-handle": it expired/,
    );
    const result = await call(tight, "t", "big_text", { chars: 40_000 });
    const handle = result.preview?.handle ?? "";
    expect(handle).not.toBe("");
    // `ttlMs: 1`: expired by the time the next turn reads it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await tight.readResult(handle)).toContain("it expired");
  });

  it("should warn past the threshold, naming server and tool", async () => {
    warnings.length = 0;
    await call(plain, "b", "big_text", { chars: 50_000 });
    expect(warnings).toStrictEqual([
      'Tool "mcp__b__big_text" on MCP server "b" returned a result of about 12500 tokens, over the warning threshold of 10000',
    ]);
  });

  it("should take a tool's _meta hint, bounded by the host's maxHintTokens, after the entry's own limits", async () => {
    // The hint's 200 000 characters: a limit of 50 000 tokens, over the default 25 000.
    expect((await call(plain, "b", "hinted_text", { chars: 160_000 })).preview).toBeUndefined();
    // 4 000 000 characters asked; the host bounds a hint to 30 000 tokens here.
    const huge = await call(tight, "t", "hinted_huge", { chars: 200_000 });
    expect(huge.preview?.maxTokens).toBe(30_000);
    // The entry's tool limit wins over the hint; the entry's server limit holds the other tools.
    expect((await call(plain, "c", "hinted_text", { chars: 8_000 })).preview?.maxTokens).toBe(1_000);
    expect((await call(plain, "c", "big_text", { chars: 24_000 })).preview?.maxTokens).toBe(5_000);
  });

  it("should count with the host's counter", async () => {
    // 40 000 characters are 10 000 tokens by the estimate, about 5 000 words by this counter.
    const result = await call(tight, "t", "big_text", { chars: 40_000 });
    expect(result.preview?.tokens).toBe(result.text.split(/\s+/).length);
    expect(result.preview?.maxTokens).toBe(3_000);
  });

  it("should keep images whole or leave them out with a note, never cut them", async () => {
    const result = await call(tight, "t", "big_mixed", { chars: 100, images: 3 });
    const blocks = result.preview?.content ?? [];
    const images = blocks.filter((b) => b.type === "image");
    expect(images).toHaveLength(2);
    for (const image of images) expect((image as { data: string }).data).toBe(tinyPngBase64);
    expect(blocks[2]).toMatchObject({ type: "text" });
    expect((blocks[2] as { text: string }).text).toMatch(
      /^\[image \(image\/png, 70 bytes\) left out of what the model sees/,
    );
    expect(result.content.filter((b) => b.type === "image")).toHaveLength(3);
    // Over the text limit too: the text is previewed, the images beside it stay whole.
    const both = await call(plain, "b", "big_mixed", { chars: 120_000, images: 2 });
    expect(both.preview?.content.map((b) => b.type)).toStrictEqual(["text", "image", "image"]);
  });

  it("should budget nothing with resultBudget: { enabled: false }, and nothing of a server whose entry says so", async () => {
    const off = await loader.loadServers({ b: big() }, { resultBudget: { enabled: false } });
    expect((await call(off, "b", "big_text", { chars: 120_000 })).preview).toBeUndefined();
    expect(await off.readResult("x")).toContain("the result budget is off");
    const entryOff = await loader.loadServers({ b: big({ resultBudget: { enabled: false } }) });
    expect((await call(entryOff, "b", "big_text", { chars: 120_000 })).preview).toBeUndefined();
  });
});
