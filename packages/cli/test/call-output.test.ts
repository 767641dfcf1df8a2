// What `call` prints: every content block (one line for each that is not text), and a failed
// call's whole text on stderr — from a server that also puts escape sequences in URIs and types.
import { hostileServer, removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

let dir: string;
let path: string;
beforeAll(() => {
  ({ dir, path } = writeConfig({
    basic: fixtureEntry("basic"),
    content: hostileServer("content-kinds"),
  }));
});
afterAll(() => removeTempDir(dir));

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe("call's text output", () => {
  it("prints one line for each block that is not text, in order, with no control character", async () => {
    const run = await runCli(["call", path, "mcp__content__mixed"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "first text",
      "[image/png, 1.2 KB]",
      "[audio/wav, 300 B]",
      "[resource_link file:///tmp/report.txt]",
      "[resource text/plain file:///notes.txt]",
      "[resource file:///data.bin, 3 B]",
      "last text",
    ]);
    expect(lines[7]).toMatch(/^\[resource_link file:\/\/\/.*evil.*\]$/);
    expect(lines[8]).toMatch(/^\[image\/.*red, 1 B\]$/);
    expect(lines.slice(9)).toEqual([""]);
    expect(run.stdout).not.toMatch(CONTROL);
  });

  it("a tool's error prints its whole text on stderr, nothing on stdout, exit 1", async () => {
    const message = "first line\nsecond line\n\u001b[2Jthird line";
    const run = await runCli(["call", path, "mcp__basic__fail", JSON.stringify({ message })]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^error: first line\nsecond line\n.*third line$/m);
    expect(run.stderr).not.toMatch(CONTROL);
  });
});
