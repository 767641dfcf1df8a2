/**
 * Depth faults against a real hostile server (`deep-result`): results nesting 6 000 levels, written
 * as raw JSON text, and a response in an envelope the JSON-RPC schema refuses (an extra top-level
 * key). Every call settles — a deep value is cut at the depth bound with a note in its place, an
 * envelope with more than it should have is read for what it carries — and the server, and the
 * other server beside it, keep answering.
 */
import { hostileServer } from "@toolnexus/fixtures";
import { describe, expect, it } from "vitest";
import { readCallResult } from "../src/tools/call-result.js";
import { MAX_RESULT_DEPTH } from "../src/tools/json-depth.js";
import type { McpToolResult } from "../src/types.js";
import { callVictim, expectOtherAnswers, loadBeside, STARTED } from "./support/fault-source.js";
import { failOnUnhandledRejections, useSources } from "./support/harness.js";

failOnUnhandledRejections();

const sources = useSources({ toolCache: null, autoRestart: { enabled: false } });

const NOTE = `[cut: nests deeper than ${MAX_RESULT_DEPTH} levels]`;

/** The levels of objects and arrays in `value`, counted without recursion (the value itself is 1). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== "object" || current === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The string values anywhere in `value`, without recursion. */
function stringsIn(value: unknown): string[] {
  const found: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === "string") found.push(current);
    else if (typeof current === "object" && current !== null) pending.push(...Object.values(current));
  }
  return found;
}

/** A result cut at the bound: `part` nests exactly to it, the note sits where it was cut. */
function expectCut(result: McpToolResult, part: unknown): void {
  expect(result.isError).toBe(false);
  expect(depthOf(part)).toBe(MAX_RESULT_DEPTH);
  expect(stringsIn(part)).toContain(NOTE);
  expect(() => JSON.stringify(result)).not.toThrow();
}

describe("results nesting 6 000 levels", () => {
  it("should cut a deep structuredContent and _meta with a note, and render the text", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("deep-result"));

    const structured = await callVictim(source, "deep-structured");
    expectCut(structured, structured.structuredContent);
    expect(structured.text).toBe("shallow");

    const only = await callVictim(source, "deep-structured-only");
    expectCut(only, only.structuredContent);
    expect(only.text).toBe(JSON.stringify(only.structuredContent));
    expect(only.text).toContain(NOTE);

    const meta = await callVictim(source, "deep-meta");
    expectCut(meta, meta.meta);

    const block = await callVictim(source, "deep-block");
    expectCut(block, block.content[1]);
    expect(block.content[0]).toStrictEqual({ type: "text", text: "shallow" });

    expect(await callVictim(source, "deep")).toMatchObject({ isError: false, text: "shallow" });
    expect(await callVictim(source, "echo", { text: "after" })).toMatchObject({ text: "after" });
    expect(states("v")).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("a response in an envelope the JSON-RPC schema refuses", () => {
  it("should settle the call with what the response carries, not wait out its timeout", async () => {
    const { source, states } = await loadBeside(sources, hostileServer("deep-result"));

    const result = await callVictim(source, "extra-key");
    expect(result).toMatchObject({ isError: false, text: "extra" });
    expect(states("v")).toStrictEqual(STARTED);
    await expectOtherAnswers(source);
  });
});

describe("a result that cannot be read", () => {
  it("should settle as a PROTOCOL_ERROR, never throw", () => {
    const unreadable = {
      content: [],
      get structuredContent(): unknown {
        throw new RangeError("Maximum call stack size exceeded");
      },
    };
    const result = readCallResult(unreadable, 1024, { server: "v", tool: "t" });
    expect(result.error).toMatchObject({ kind: "protocol", code: "PROTOCOL_ERROR" });
    expect(result.text).toBe(
      'Call to tool "t" on MCP server "v" failed: the server sent a result that could not be read (Maximum call stack size exceeded)',
    );
  });
});
