import { hostileServer, tinyPngBase64, waitFor } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { boundedResponse } from "../src/bounded-body.js";
import { LOAD_OPTION_DEFAULTS } from "../src/config-entry.js";
import type { LoadMcpOptions, McpSource } from "../src/index.js";
import { boundResultParts } from "../src/tools/bounded-result.js";
import { httpFixture, toolByName, useSources } from "./support/harness.js";

const sources = useSources({ toolCache: null });
const MiB = 1024 * 1024;
const IMAGE = { type: "image", data: tinyPngBase64, mimeType: "image/png" };
const imageBytes = JSON.stringify(IMAGE).length;

const load = (mib: string, options?: LoadMcpOptions): Promise<McpSource> =>
  sources.load({ mcpServers: { h: hostileServer("huge-result", { arg: mib }) } }, options);

/** The text of block `i`, or a failure naming what was there. */
function textAt(content: readonly { type: string; text?: unknown }[], i: number): string {
  const block = content[i];
  if (block?.type !== "text" || typeof block.text !== "string") throw new Error(`block ${i} is not text`);
  return block.text;
}

async function expectCutAtDefault(source: McpSource): Promise<void> {
  const result = await toolByName(source, "mcp__h__huge").execute({});
  const shown = LOAD_OPTION_DEFAULTS.maxResultBytes;

  expect(result.isError).toBe(false);
  expect(result.error).toBeUndefined();
  expect(result.content).toHaveLength(3);
  // "é" is two bytes: the 8 MiB cut keeps exactly half as many characters.
  expect(textAt(result.content, 0)).toBe("é".repeat(shown / 2));
  expect(textAt(result.content, 1)).toBe(`[truncated: ${shown} of ${20 * MiB} bytes shown]`);
  expect(textAt(result.content, 2)).toBe(`1 more block: [truncated: 0 of ${imageBytes} bytes shown]`);
  expect(result.text.endsWith(`1 more block: [truncated: 0 of ${imageBytes} bytes shown]`)).toBe(true);
  // The server keeps working: same process, no restart.
  const pid = source.servers()[0]?.pid;
  const echo = await toolByName(source, "mcp__h__echo").execute({ text: "still here" });
  expect(echo.text).toBe("still here");
  expect(source.state("h")).toBe("running");
  expect(source.servers()[0]?.pid).toBe(pid);
}

describe("maxResultBytes: the bound on one tool result", () => {
  it("should cut a 20 MiB text result at the default 8 MiB with the marker, over stdio", {
    timeout: 20_000,
  }, async () => {
    await expectCutAtDefault(await load("20"));
  });

  it("should cut a 20 MiB text result at the default 8 MiB with the marker, over HTTP", {
    timeout: 20_000,
  }, async () => {
    const fixture = await httpFixture("hostile", ["--mode", "huge-result", "--arg", "20"]);
    const source = await sources.load({ mcpServers: { h: { url: fixture.url } } });
    const result = await toolByName(source, "mcp__h__huge").execute({});
    expect(textAt(result.content, 1)).toBe(
      `[truncated: ${LOAD_OPTION_DEFAULTS.maxResultBytes} of ${20 * MiB} bytes shown]`,
    );
    expect((await toolByName(source, "mcp__h__echo").execute({ text: "ok" })).text).toBe("ok");
  });

  it("should cut earlier under a smaller maxResultBytes, never inside a character", async () => {
    const source = await load("1", { maxResultBytes: 4097 });
    const result = await toolByName(source, "mcp__h__huge").execute({});

    expect(result.isError).toBe(false);
    expect(textAt(result.content, 0)).toBe("é".repeat(2048));
    expect(textAt(result.content, 1)).toBe(`[truncated: 4096 of ${MiB} bytes shown]`);
    expect(result.content).toHaveLength(3);
  });

  it("should drop structuredContent that does not fit, saying so", async () => {
    const source = await load("1", { maxResultBytes: 64 * 1024 });
    const result = await toolByName(source, "mcp__h__huge-structured").execute({});
    const total = JSON.stringify({ data: "é".repeat(MiB / 2) }).length + MiB / 2;

    expect(result).toStrictEqual({
      content: [
        { type: "text", text: "see structuredContent" },
        { type: "text", text: `structuredContent: [truncated: 0 of ${total} bytes shown]` },
      ],
      isError: false,
      text: `see structuredContent\nstructuredContent: [truncated: 0 of ${total} bytes shown]`,
    });
  });

  it("should leave a result within the bound untouched", async () => {
    const source = await load("0.5");
    const small = await toolByName(source, "mcp__h__small").execute({});
    expect(small).toStrictEqual({
      content: [{ type: "text", text: "small" }, IMAGE],
      structuredContent: { ok: true },
      meta: { note: "kept" },
      isError: false,
      text: "small",
    });
    const half = await toolByName(source, "mcp__h__huge").execute({});
    expect(half.content).toStrictEqual([{ type: "text", text: "é".repeat(MiB / 4) }, IMAGE]);
  });

  it.each([
    [10, "10"],
    [4096.5, "4096.5"],
    ["8MiB", "string"],
  ])("should reject maxResultBytes %j", async (value, shown) => {
    await expect(sources.load({ mcpServers: {} }, { maxResultBytes: value as number })).rejects.toThrow(
      `loadMcp option "maxResultBytes": expected an integer ≥ 1024, got ${shown}`,
    );
  });
});

describe("maxResultBytes: the bound on one readResource result", () => {
  it("should cut a text and leave out a blob past the bound, each with the marker, the server still usable", async () => {
    const source = await sources.load(
      { mcpServers: { r: hostileServer("huge-resources") } },
      { maxResultBytes: 4096 },
    );
    const read = await source.readResource("r", "big://10000");
    expect(read.isError).toBe(false);
    expect(read.contents).toStrictEqual([
      { uri: "big://10000", text: `${"x".repeat(4096)}[truncated: 4096 of 10000 bytes shown]` },
      { uri: "big://10000", mimeType: "text/plain", text: "[truncated: 0 of 10000 bytes shown]" },
    ]);
    const small = await source.readResource("r", "big://100");
    expect(small.contents[0]).toStrictEqual({ uri: "big://100", text: "x".repeat(100) });
    expect(small.contents[1]).toMatchObject({ blob: Buffer.alloc(100, 7).toString("base64") });
  });
});

describe("boundResultParts", () => {
  const text = (t: string) => ({ type: "text", text: t });

  it("should leave out a block that does not fit and keep a later one that does", () => {
    const big = { type: "audio", data: "A".repeat(5000), mimeType: "audio/wav" };
    const bounded = boundResultParts({ content: [text("a"), big, text("b")] }, 1024);
    const bigBytes = JSON.stringify(big).length;

    expect(bounded.content).toStrictEqual([
      text("a"),
      text(`audio block: [truncated: 0 of ${bigBytes} bytes shown]`),
      text("b"),
    ]);
  });

  it("should sum every block past a spent budget into one marker, however many there are", () => {
    const blocks = Array.from({ length: 10_000 }, () => IMAGE);
    const bounded = boundResultParts({ content: [text("x".repeat(2000)), ...blocks] }, 1024);

    expect(bounded.content).toStrictEqual([
      text("x".repeat(1024)),
      text("[truncated: 1024 of 2000 bytes shown]"),
      text(`10000 more blocks: [truncated: 0 of ${10_000 * imageBytes} bytes shown]`),
    ]);
  });

  it("should drop _meta that does not fit after the content", () => {
    const meta = { big: "m".repeat(2000) };
    const bounded = boundResultParts({ content: [text("ok")], structuredContent: { a: 1 }, meta }, 1024);

    expect(bounded).toStrictEqual({
      content: [text("ok"), text(`_meta: [truncated: 0 of ${JSON.stringify(meta).length} bytes shown]`)],
      structuredContent: { a: 1 },
    });
  });
});

describe("maxFrameBytes over HTTP", () => {
  it("should stop reading an event larger than maxFrameBytes and fail the call, the server still usable", {
    timeout: 20_000,
  }, async () => {
    const fixture = await httpFixture("hostile", ["--mode", "huge-result", "--arg", "2"]);
    const source = await sources.load(
      { mcpServers: { h: { url: fixture.url } } },
      { maxFrameBytes: MiB, autoRestart: { initialDelayMs: 50 } },
    );
    const result = await toolByName(source, "mcp__h__huge").execute({});

    expect(result.isError).toBe(true);
    expect(result.error?.kind).toBe("unavailable");
    expect(result.error?.code).toBe("FRAME_TOO_LARGE");
    expect(result.text).toContain(`larger than maxFrameBytes (${MiB} bytes`);
    const echo = await waitFor(async () => {
      const r = await toolByName(source, "mcp__h__echo").execute({ text: "ok" });
      return r.isError ? undefined : r;
    });
    expect(echo.text).toBe("ok");
  });
});

describe("boundedResponse", () => {
  const tooLarge = (seen: number, kind: string) => new Error(`${kind}: ${seen}`);
  const response = (type: string, ...chunks: string[]) =>
    new Response(new Blob(chunks).stream(), { headers: { "content-type": type } });

  it("should fail a JSON body past the bound, and pass one within it", async () => {
    const big = boundedResponse(response("application/json", "[", "1".repeat(2000), "]"), 1024, tooLarge);
    await expect(big.json()).rejects.toThrow(/^json: \d+$/);
    const small = boundedResponse(response("application/json; charset=utf-8", "[1]"), 1024, tooLarge);
    expect(await small.json()).toStrictEqual([1]);
  });

  it("should bound an event stream per event, not in total", async () => {
    const event = `data: ${"x".repeat(600)}\r\n\r\n`;
    const many = boundedResponse(response("text/event-stream", event, event, event), 1024, tooLarge);
    expect(await many.text()).toBe(event.repeat(3));
    const one = boundedResponse(
      response("text/event-stream", `data: ${"x".repeat(2000)}\n\n`),
      1024,
      tooLarge,
    );
    await expect(one.text()).rejects.toThrow("event-stream: 1025");
  });
});
