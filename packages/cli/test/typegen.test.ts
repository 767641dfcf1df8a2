import { removeTempDir } from "@toolnexus/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureEntry, runCli, writeConfig } from "./helpers.js";

let dir: string;
let path: string;
beforeAll(() => {
  ({ dir, path } = writeConfig({ basic: fixtureEntry("basic") }));
});
afterAll(() => removeTempDir(dir));

describe("typegen", () => {
  it("prints the live catalog as declarations, the same text on every run", async () => {
    const first = await runCli(["typegen", path, "--server", "basic"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("declare const codemode: {");
    expect(first.stdout).toMatch(/^ {2}basic: \{$/m);
    expect(first.stdout).toMatch(/^ {4}echo\(input: \{\n {6}text\??: string;/m);
    const second = await runCli(["typegen", path, "--server", "basic"]);
    expect(second.stdout).toBe(first.stdout);
  });
});
